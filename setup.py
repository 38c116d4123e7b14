"""Only what ``pyproject.toml`` cannot say: the package list.

``[tool.setuptools.packages.find]`` finds packages where they are on disk, and the
package ``ludotheque.assets`` is the top-level folder ``assets/`` mapped into
``ludotheque`` (``package-dir`` in pyproject.toml), so it is added to what is found.
Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

CODE = ["ludotheque", "mississippi", "glissando", "magico"]

setup(packages=find_packages(include=[p for c in CODE for p in (c, f"{c}.*")]) + ["ludotheque.assets"])
