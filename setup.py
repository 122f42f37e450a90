"""The one packaging rule pyproject.toml cannot say: the top-level ``migrations/`` folder (the
source of the SQL) is installed as the package ``bot.migrations``, in a wheel and in an editable
install alike. Everything else is configured in pyproject.toml."""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages(include=["bot*", "render*"]), "bot.migrations"],
    package_dir={"bot.migrations": "migrations"},
)
