package config

import (
	"path/filepath"
	"testing"
)

func TestDefaultPaths(t *testing.T) {
	home := t.TempDir()
	xdg := t.TempDir()
	tests := []struct {
		name       string
		configHome string
		dataHome   string
		wantConfig string
		wantData   string
	}{
		{"XDG set", xdg, xdg,
			filepath.Join(xdg, "tidings", "config.toml"), filepath.Join(xdg, "tidings")},
		{"XDG empty", "", "",
			filepath.Join(home, ".config", "tidings", "config.toml"), filepath.Join(home, ".local", "share", "tidings")},
		{"XDG relative is ignored", "rel/dir", "rel/dir",
			filepath.Join(home, ".config", "tidings", "config.toml"), filepath.Join(home, ".local", "share", "tidings")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("HOME", home)
			t.Setenv("XDG_CONFIG_HOME", tt.configHome)
			t.Setenv("XDG_DATA_HOME", tt.dataHome)
			if got, err := DefaultConfigPath(); err != nil || got != tt.wantConfig {
				t.Errorf("DefaultConfigPath() = %q, %v; want %q", got, err, tt.wantConfig)
			}
			if got, err := DefaultDataDir(); err != nil || got != tt.wantData {
				t.Errorf("DefaultDataDir() = %q, %v; want %q", got, err, tt.wantData)
			}
			wantDB := filepath.Join(tt.wantData, "tidings.db")
			if got, err := DefaultDBPath(); err != nil || got != wantDB {
				t.Errorf("DefaultDBPath() = %q, %v; want %q", got, err, wantDB)
			}
		})
	}
}

func TestDefaultPathsUnsetXDG(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	unsetEnv(t, "XDG_CONFIG_HOME")
	unsetEnv(t, "XDG_DATA_HOME")
	if got, _ := DefaultConfigPath(); got != filepath.Join(home, ".config", "tidings", "config.toml") {
		t.Errorf("DefaultConfigPath() = %q", got)
	}
	if got, _ := DefaultDataDir(); got != filepath.Join(home, ".local", "share", "tidings") {
		t.Errorf("DefaultDataDir() = %q", got)
	}
}

func TestDefaultPathsNoHome(t *testing.T) {
	t.Setenv("HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("XDG_DATA_HOME", "")
	if got, err := DefaultConfigPath(); err == nil {
		t.Errorf("DefaultConfigPath() = %q, want an error without HOME", got)
	}
	if got, err := DefaultDataDir(); err == nil {
		t.Errorf("DefaultDataDir() = %q, want an error without HOME", got)
	}
}

func TestExpandHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	tests := []struct{ in, want string }{
		{"", ""},
		{"~", home},
		{"~/enc", filepath.Join(home, "enc")},
		{"/abs/~/x", "/abs/~/x"},
		{"~other/x", "~other/x"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got, err := expandHome(tt.in); err != nil || got != tt.want {
				t.Errorf("expandHome(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

// ui.save_directory when set, else an absolute $XDG_DOWNLOAD_DIR, else
// ~/Downloads.
func TestSaveDir(t *testing.T) {
	home, dl := t.TempDir(), t.TempDir()
	tests := []struct{ name, setting, env, want string }{
		{"setting", "/srv/saved", dl, "/srv/saved"},
		{"setting under home", "~/saved", dl, filepath.Join(home, "saved")},
		{"XDG_DOWNLOAD_DIR", "", dl, dl},
		{"relative XDG_DOWNLOAD_DIR is ignored", "", "rel", filepath.Join(home, "Downloads")},
		{"no XDG_DOWNLOAD_DIR", "", "", filepath.Join(home, "Downloads")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("HOME", home)
			t.Setenv("XDG_DOWNLOAD_DIR", tt.env)
			if got, err := (UIConfig{SaveDirectory: tt.setting}).SaveDir(); err != nil || got != tt.want {
				t.Errorf("SaveDir() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
