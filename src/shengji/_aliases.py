"""The package's module paths from before its folders (``shengji.envs``, ``shengji.worlds``, ``shengji._types`` ...):
each names the same module object as its path in the folders (``shengji.learning.envs`` ...), so code and pickles
that name the old paths keep working. An import hook (a ``sys.meta_path`` finder) serves them: no file stands at the
old path, so the package's root shows only its layers' folders (shengji/_layers.py)."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

from ._layers import FOLDERS

ALIASES: dict[str, str] = {f"shengji.{m}": f"shengji.{folder}.{m}" for folder, ms in FOLDERS.items() for m in ms}


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``shengji.<old path>`` and loads it as the module at its new path (imported once: one object)."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if name not in ALIASES:
            return None
        return importlib.machinery.ModuleSpec(name, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(ALIASES[spec.name])

    def exec_module(self, module: ModuleType) -> None:  # (the module ran at its own path)
        pass


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


def register_loaded() -> None:
    """Enter the old path of every module already imported in ``sys.modules`` (after the package's ``__init__``
    imported them): ``import shengji.simulate`` then finds it there and leaves the package's ``simulate`` (the
    function) as it is, where a first load through the finder would set the attribute to the module."""
    for old, new in ALIASES.items():
        if new in sys.modules:
            sys.modules.setdefault(old, sys.modules[new])


def module(name: str) -> ModuleType:
    """The module an old path ``shengji.<name>`` names (for the package's ``__getattr__``)."""
    return importlib.import_module(ALIASES[f"shengji.{name}"])
