package config

import (
	"os"
	"path/filepath"
	"testing"
)

// unsetEnv unsets key for the duration of the test (t.Setenv restores it).
func unsetEnv(t *testing.T, key string) {
	t.Helper()
	t.Setenv(key, "")
	if err := os.Unsetenv(key); err != nil {
		t.Fatal(err)
	}
}

// isolate points HOME and the XDG directories at fresh temporary
// directories and returns the data directory Load resolves paths into.
func isolate(t *testing.T) (home, dataDir string) {
	t.Helper()
	home = t.TempDir()
	xdgData := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_DATA_HOME", xdgData)
	return home, filepath.Join(xdgData, "tidings")
}

// writeConfig writes doc to config.toml in a temporary directory.
func writeConfig(t *testing.T, doc string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
