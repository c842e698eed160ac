"""Suite-wide fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludoteca.core import i18n


@pytest.fixture(autouse=True)
def _process_language_restored() -> Iterator[None]:
    """A test that sets the process language (the terminal's, `i18n.set_language`) leaves
    English behind for the next one."""
    yield
    i18n.set_language(i18n.DEFAULT)
