"""The packaging rules pyproject.toml cannot say:

- the top-level ``migrations/`` folder (the source of the SQL) is installed as the package
  ``bot.migrations``, in a wheel and in an editable install alike;
- the gettext catalogs' ``.po`` sources are compiled to ``.mo`` files while the wheel is built
  (Babel is a build requirement), so an installed bot reads compiled catalogs.
Everything else is configured in pyproject.toml.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """``build_py`` that also compiles every copied ``.po`` catalog into its ``.mo``."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path(self.build_lib).glob("**/locale/*/LC_MESSAGES/*.po"):
            with open(po, "rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name, domain=po.stem)
            with open(po.with_suffix(".mo"), "wb") as out:
                write_mo(out, catalog)


setup(
    packages=[*find_namespace_packages(include=["bot*", "render*"]), "bot.migrations"],
    package_dir={"bot.migrations": "migrations"},
    cmdclass={"build_py": BuildWithCatalogs},
)
