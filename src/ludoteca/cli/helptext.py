"""The words typer itself prints in `--help` and in usage errors, in the terminal's language.

`localise_typer()` copies them from the catalog (`cli.help.tool.*`) into typer's own
settings, once, after the language is chosen and before the app is built (like every
help text, so one `--help` page never mixes two languages): the panel titles
("Arguments", "Options", "Commands", "Error"), "[default: …]", "[required]",
"[env var: …]", "(deprecated)", "Aborted." and the "Try … for help." hint. `Group` and
`Command` (pass them as `cls=`) add the two words typer writes in its vendored click
code: the usage line's "Usage:" prefix (through the context's help formatter) and the
text of the `--help` option; the usage line's `[OPTIONS]` and `COMMAND [ARGS]...` are
the app's `options_metavar` / `subcommand_metavar`. Not reached: click's own error
sentences ("Missing argument …", "No such option …", "Missing command.") and the type
names (`<int>`, `<str>`, `<int range>`), which stay English.
"""

from __future__ import annotations

from typing import Any

import typer
from typer import rich_utils
from typer.core import TyperCommand, TyperGroup

from ludoteca.cli.language import tr

_HelpFormatter: Any = typer.Context.formatter_class


def localise_typer() -> None:
    """Set typer's panel titles and its other help words from the catalog."""
    rich_utils.ARGUMENTS_PANEL_TITLE = tr("cli.help.tool.arguments")
    rich_utils.OPTIONS_PANEL_TITLE = tr("cli.help.tool.options")
    rich_utils.COMMANDS_PANEL_TITLE = tr("cli.help.tool.commands")
    rich_utils.ERRORS_PANEL_TITLE = tr("cli.help.tool.error")
    rich_utils.DEFAULT_STRING = tr("cli.help.tool.default", value="{}")
    rich_utils.ENVVAR_STRING = tr("cli.help.tool.envvar", value="{}")
    rich_utils.REQUIRED_LONG_STRING = tr("cli.help.tool.required")
    rich_utils.DEPRECATED_STRING = tr("cli.help.tool.deprecated") + " "
    rich_utils.ABORTED_TEXT = tr("cli.help.tool.aborted")
    rich_utils.RICH_HELP = tr("cli.help.tool.try", command="[blue]'{command_path} {help_option}'[/]")
    _Formatter.usage_prefix = tr("cli.help.tool.usage") + " "
    _Localised.help_text = tr("cli.help.tool.help")


class _Formatter(_HelpFormatter):
    """Click's help formatter with the usage line's prefix in the terminal's language."""

    usage_prefix = "Usage: "

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, self.usage_prefix if prefix is None else prefix)


class _Context(typer.Context):
    formatter_class = _Formatter


class _Localised:
    """A command whose usage line and `--help` option read in the terminal's language."""

    help_text = "Show this message and exit."

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]  # a mixin: click's Command is next in the MRO
        if option is not None:
            option.help = self.help_text
        return option


class Group(_Localised, TyperGroup):
    """The `ludoteca` app's group (`typer.Typer(cls=Group)`)."""

    context_class = _Context


class Command(_Localised, TyperCommand):
    """Each `ludoteca` command (`@app.command(cls=Command)`)."""

    context_class = _Context
