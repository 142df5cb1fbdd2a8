"""The examples in the package docstring run as written."""
import doctest

import kabalsolve


def test_package_docstring_examples():
    result = doctest.testmod(kabalsolve)
    assert result.attempted > 0
    assert result.failed == 0
