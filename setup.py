"""Builds the one compiled part, kabalsolve._core.  Metadata lives in pyproject.toml.

DEBUG=1 builds it with -O0 -g and Cython's bounds and wraparound checks on.
"""
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

debug = os.environ.get("DEBUG") == "1"
directives = {"language_level": "3"}
if debug:
    directives.update(boundscheck=True, wraparound=True, initializedcheck=True)
ext = Extension(
    "kabalsolve._core",
    ["kabalsolve/_core.pyx"],
    extra_compile_args=["-O0", "-g"] if debug else ["-O3"],
)
setup(ext_modules=cythonize([ext], compiler_directives=directives))
