"""What a user sees of the package itself: dir(), help(), and the import of a source tree
whose compiled core was never built."""
import os
import pydoc
import re
import shutil
import subprocess
import sys

import kabalsolve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLIC = kabalsolve._PUBLIC


def test_dir_lists_the_public_names_and_nothing_else():
    assert dir(kabalsolve) == sorted(PUBLIC)
    assert len(set(PUBLIC)) == len(PUBLIC)
    for name in PUBLIC:
        assert hasattr(kabalsolve, name), name
    # No internal module among them: the modules stay where they are, out of sight.
    assert not any(type(getattr(kabalsolve, n)).__name__ == "module" for n in PUBLIC)


def test_every_public_name_is_what_the_package_exports():
    """Each name comes from the module that defines it (no stale copy) and, but for the
    version, has a docstring of its own."""
    for name in PUBLIC:
        value = getattr(kabalsolve, name)
        if name == "__version__":
            assert re.fullmatch(r"\d+\.\d+\.\d+", value)
            continue
        assert (getattr(value, "__doc__", None) or "").strip(), name


def test_help_is_a_page_that_names_every_public_name_with_an_example():
    text = pydoc.render_doc(kabalsolve, renderer=pydoc.plaintext)
    lines = text.splitlines()
    assert len(lines) <= 300, "help(kabalsolve) runs to %d lines" % len(lines)
    doc = kabalsolve.__doc__
    for name in PUBLIC:
        assert re.search(r"(?<![\w.])%s(?!\w)" % re.escape(name), doc), (
            "%s is public but help(kabalsolve) does not name it" % name)
    # One example for each part of the page, all of them run by tests/test_docs.py.
    parts = re.split(r"\n[^\n]+\n-{3,}\n", doc)[1:]
    assert len(parts) >= 6
    for part in parts[:-1]:   # the last part lists the result types
        assert ">>> " in part, part[:60]


def test_the_reference_documents_every_public_name():
    """docs/api.md's reference takes the names from dir() (autodoc's imported members):
    it must not be given another list."""
    text = open(os.path.join(ROOT, "docs", "api.md"), encoding="utf-8").read()
    assert ".. automodule:: kabalsolve" in text and ":imported-members:" in text


def test_a_source_tree_without_its_core_says_what_to_run(tmp_path):
    """Importing a checkout where the core was never built is one line saying what to
    run, not an import circle deep inside."""
    tree = tmp_path / "checkout"
    shutil.copytree(os.path.join(ROOT, "kabalsolve"), tree / "kabalsolve",
                    ignore=shutil.ignore_patterns("_core.*.so", "_core*.pyd", "_core.c",
                                                  "__pycache__"))
    assert not list((tree / "kabalsolve").glob("_core.*.so"))
    env = dict(os.environ, PYTHONPATH=str(tree))
    # -S: no site-packages, where an editable install's import hook would find some
    # other checkout's core for this one.
    for args in (["-c", "import kabalsolve"], ["-m", "kabalsolve", "--help"]):
        r = subprocess.run([sys.executable, "-S"] + args, cwd=str(tree), env=env,
                           capture_output=True, text=True)
        assert r.returncode != 0
        last = r.stderr.strip().splitlines()[-1]
        assert last.startswith("ImportError: kabalsolve's compiled core is not built in "
                               + str(tree / "kabalsolve")), r.stderr
        assert "python -m pip install -e ." in last
        assert "python -m pip install .'" in last
        assert "circular" not in r.stderr
