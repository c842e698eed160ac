"""Parsing agent specs: `name` or `name:key=value,key=value`."""

from __future__ import annotations

from ludoteca.core.errors import LudotecaError


def _value(text: str) -> int | float | str:
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    name, _, rest = spec.strip().partition(":")
    params: dict[str, int | float | str] = {}
    if rest:
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise LudotecaError(f"bad agent spec {spec!r}: expected name:key=value,...")
            params[key.strip()] = _value(value.strip())
    return name.strip(), params
