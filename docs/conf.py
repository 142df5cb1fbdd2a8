"""Sphinx configuration of kabalsolve's documentation site.

Build it from the repository root, after either kind of install of the docs extra:

    python -m pip install ".[docs]"       # or: python -m pip install -e ".[docs]"
    python -m sphinx -W -b html docs docs/_build

The pages are Markdown (MyST).  The command reference is generated from the command
line itself (sphinx-click) and the library reference from the docstrings (autodoc),
so neither can drift from the code.  Which kabalsolve they are made from: this source
tree's when its compiled core is built in place (an editable install, or
``python setup.py build_ext --inplace``), else the installed one (a plain install
builds the core into the installed copy, not into this tree).
"""
import importlib.machinery
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _core_built_in_tree() -> bool:
    pkg = os.path.join(ROOT, "kabalsolve")
    return any(os.path.exists(os.path.join(pkg, "_core" + suffix))
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _import_kabalsolve():
    if _core_built_in_tree():
        sys.path.insert(0, ROOT)
        import kabalsolve
        return kabalsolve
    # The tree's package has no core: it must not shadow the installed one, which
    # "python -m sphinx" run from the root would otherwise import first.
    here = [p for p in sys.path if os.path.abspath(p or os.curdir) == ROOT]
    for p in here:
        sys.path.remove(p)
    try:
        import kabalsolve
    except ModuleNotFoundError as e:
        if e.name != "kabalsolve":
            raise
        # Not installed either: the tree's own import error says what to run.
        sys.path.insert(0, ROOT)
        import kabalsolve
    return kabalsolve


kabalsolve = _import_kabalsolve()

project = "kabalsolve"
author = "the kabalsolve authors"
copyright = "2026, the kabalsolve authors"
release = kabalsolve.__version__
version = release

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx_click"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# Headings get anchors, so that pages can link to each other's sections.
myst_heading_anchors = 3

# Curly quotes and ellipses in prose, but "--" stays two hyphens: the command line's
# help texts name options such as --draw, which must not turn into dashes.
smartquotes_action = "qe"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"

html_theme = "furo"
html_title = "kabalsolve %s" % release


def _leave_out_the_help_page(app, what, name, obj, options, lines):
    """The package's docstring is the page ``help(kabalsolve)`` shows in a terminal
    (plain text, with its own headings); api.md says the same at greater length, so the
    reference below it starts with the names themselves."""
    if what == "module" and name == "kabalsolve":
        lines[:] = []


def setup(app):
    app.connect("autodoc-process-docstring", _leave_out_the_help_page)
