"""Sphinx configuration of kabalsolve's documentation site.

Build it from the repository root (with the compiled core built in place, as the
README's commands do):

    python -m pip install -e ".[docs]"
    python -m sphinx -W -b html docs docs/_build

The pages are Markdown (MyST).  The command reference is generated from the command
line itself (sphinx-click) and the library reference from the docstrings (autodoc),
so neither can drift from the code.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)   # the working tree's package, with its in-place build

import kabalsolve  # noqa: E402

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
