"""Rules cores: pure game arithmetic (stdlib + numpy only), one subpackage per game system."""
