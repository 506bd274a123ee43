package config

// QuoteTOML writes s as a TOML basic string, as the configuration file
// writes its values: quotes, backslashes and control characters escaped.
func QuoteTOML(s string) string { return tomlString(s) }
