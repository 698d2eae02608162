"""LanceDB imported without the REST namespace client's package set-up (``memory.lance_import``): the client's
API classes stay unimported until something asks the package for a name, and then the package is whole.

Each check runs in a fresh interpreter: which modules a process has imported is the thing under test."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_lancedb_imports_and_connects_without_the_rest_client_apis(tmp_path: object) -> None:
    out = _run(
        f"""
        import sys
        from memory.lance_import import defer_rest_client_init
        assert defer_rest_client_init()
        assert defer_rest_client_init()  # twice is harmless
        import lancedb
        db = lancedb.connect({str(tmp_path)!r})
        db.create_table("t", data=[{{"x": 1}}])
        print(db.open_table("t").count_rows(), "lance_namespace_urllib3_client.api" in sys.modules)
        """
    )
    assert out == "1 False"


def test_the_package_is_whole_once_a_name_of_its_own_is_asked_for() -> None:
    out = _run(
        """
        import sys
        from memory.lance_import import defer_rest_client_init
        defer_rest_client_init()
        import lancedb  # noqa: F401
        import lance_namespace_urllib3_client as client
        from lance_namespace_urllib3_client import TableApi
        print(client.__version__ != "", client.ApiClient.__name__, TableApi.__name__)
        print("lance_namespace_urllib3_client.api" in sys.modules)
        try:
            client.no_such_name
        except AttributeError:
            print("AttributeError")
        """
    )
    assert out.splitlines() == ["True ApiClient TableApi", "True", "AttributeError"]


def test_nothing_changes_when_the_package_is_already_imported() -> None:
    out = _run(
        """
        import lance_namespace_urllib3_client  # noqa: F401
        from memory.lance_import import defer_rest_client_init
        print(defer_rest_client_init())
        """
    )
    assert out == "False"
