"""The ``app`` of Magico's scene tests: a headless shell with Magico only, in a private
folder, English before and after."""

import pytest

from ludotheque import i18n
from magico.descriptor import DESCRIPTOR
from tests.harness import make_app


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    yield make_app([DESCRIPTOR], folder=tmp_path)
    i18n.set_language("en")
