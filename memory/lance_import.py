"""Import LanceDB without the REST namespace client's package set-up, which a local or object-store folder never
uses.

Why: ``import lancedb`` imports ``lance_namespace``, which imports the request and response models of
``lance_namespace_urllib3_client``. Importing any submodule runs that package's ``__init__`` first, and it
eagerly imports every REST API class of the client, each method wrapped in pydantic's ``validate_call``: ~0.5 s
of a one-shot command's start-up (``benchmarks.startup``), for a client only a ``db://`` or REST namespace
connection would use. The models themselves (~0.15 s) are still imported; LanceDB needs them.

:func:`defer_rest_client_init` makes that package's ``__init__`` run on first use of one of its own names
(``lance_namespace_urllib3_client.ApiClient``, ``from lance_namespace_urllib3_client import TableApi``) rather
than on import: its submodules import as before, and anything that asks the package for a name gets the package
as it always was. Entry points call it before anything imports LanceDB; calling it later, or twice, is harmless.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import Any

PACKAGE = "lance_namespace_urllib3_client"


def defer_rest_client_init() -> bool:
    """Install the deferring finder unless the package is imported already (then there is nothing to save) or
    absent. True when the finder is in place."""
    if PACKAGE in sys.modules or any(isinstance(f, _DeferringFinder) for f in sys.meta_path):
        return any(isinstance(f, _DeferringFinder) for f in sys.meta_path)
    if importlib.util.find_spec(PACKAGE) is None:
        return False
    sys.meta_path.insert(0, _DeferringFinder())
    return True


class _DeferringFinder(importlib.abc.MetaPathFinder):
    """Finds the package as the path finder would, and hands its import to a loader that defers ``__init__``."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != PACKAGE:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None or not spec.submodule_search_locations:
            return None
        spec.loader = _DeferredInit(spec.loader)
        return spec


class _DeferredInit(importlib.abc.Loader):
    """Creates the package module (``__path__`` set, so submodules import) and gives it a module ``__getattr__``
    that runs the real ``__init__`` the first time a name the package does not have yet is asked for."""

    def __init__(self, real: importlib.abc.Loader) -> None:
        self._real = real
        self._lock = threading.RLock()

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self._real.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        def load_then_get(name: str) -> Any:
            with self._lock:
                if module.__dict__.get("__getattr__") is load_then_get:
                    del module.__dict__["__getattr__"]
                    self._real.exec_module(module)
            try:
                return module.__dict__[name]
            except KeyError:
                raise AttributeError(f"module {PACKAGE!r} has no attribute {name!r}") from None

        module.__dict__["__getattr__"] = load_then_get
