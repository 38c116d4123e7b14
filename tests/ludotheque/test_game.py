"""The descriptor's levels and the seats (decision 3, issue 13 §3)."""

import pytest

from ludotheque import i18n
from ludotheque.game import ALL_LEVELS, LEVELS, GameDescriptor, PlayerSpec, computer_label, level_name


def _descriptor(**kw):
    return GameDescriptor(id="x", title=str, pitch=str, rules_text=str, draw_preview=None,
                          make_scene=None, **kw)


def test_levels_default_to_three_and_a_game_may_add_master():
    assert _descriptor().levels == LEVELS == ("beginner", "intermediate", "expert")
    assert _descriptor(levels=ALL_LEVELS).levels[-1] == "master"
    with pytest.raises(ValueError):
        _descriptor(levels=("grandmaster",))


def test_glissando_and_magico_offer_master_mississippi_does_not():
    import glissando
    import magico

    assert glissando.DESCRIPTOR.levels == magico.DESCRIPTOR.levels == ALL_LEVELS
    from mississippi.descriptor import DESCRIPTOR
    assert "master" not in DESCRIPTOR.levels


def test_level_names_follow_the_language():
    assert [level_name(lv) for lv in ALL_LEVELS] == ["Beginner", "Intermediate", "Expert", "Master"]
    i18n.set_language("fr")
    try:
        assert level_name("master") == "Maître"
        assert computer_label("intermediate") == "Ordinateur (Intermédiaire)"
        assert PlayerSpec.from_dict({"name": "Computer (Expert)", "kind": "ai", "level": "expert"}).name \
            == "Ordinateur (Expert)"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("bad", [None, [], {"kind": "robot"}, {"kind": "human"}, {"kind": "human", "name": 3},
                                 {"kind": "ai", "level": 7}])
def test_a_malformed_seat_is_refused(bad):
    with pytest.raises(ValueError):
        PlayerSpec.from_dict(bad)


def test_a_descriptor_names_its_scene_without_importing_it():
    """decision 4: naming a game's scene, preview and demo imports none of them (nor
    pygame) until the shell calls one, and the call reaches the real function."""
    import subprocess
    import sys

    code = ("import sys, glissando, magico, mississippi.descriptor; "
            "print(sorted(m for m in ('glissando.scene', 'magico.scene', 'mississippi.scene', "
            "'glissando.demo', 'magico.demo', 'mississippi.demo', 'pygame') if m in sys.modules)); "
            "f = magico.DESCRIPTOR.headless; print(f.__name__, 'magico.demo' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "[]"
    assert out[1] == "headless False"
    from ludotheque.game import deferred
    assert deferred("math", "hypot")(3, 4) == 5.0
