"""Parts catalogs: pydantic models and YAML loading with file:line errors."""
