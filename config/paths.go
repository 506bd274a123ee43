package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// File names inside the configuration and data directories.
const (
	appDirName     = "tidings"
	configFileName = "config.toml"
	dbFileName     = "tidings.db"
	// pipeHistoryFileName is the pipe prompt's history.
	pipeHistoryFileName = "pipe_history"
)

// DefaultConfigPath returns $XDG_CONFIG_HOME/tidings/config.toml, or
// $HOME/.config/tidings/config.toml when XDG_CONFIG_HOME is unset, empty or
// not absolute (the XDG Base Directory specification says to ignore
// relative values).
func DefaultConfigPath() (string, error) {
	dir, err := xdgDir("XDG_CONFIG_HOME", ".config")
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, appDirName, configFileName), nil
}

// DefaultDataDir returns $XDG_DATA_HOME/tidings, or
// $HOME/.local/share/tidings when XDG_DATA_HOME is unset, empty or not
// absolute. The directory is not created.
func DefaultDataDir() (string, error) {
	dir, err := xdgDir("XDG_DATA_HOME", filepath.Join(".local", "share"))
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, appDirName), nil
}

// DefaultDBPath returns the database path, tidings.db inside
// [DefaultDataDir].
func DefaultDBPath() (string, error) {
	dir, err := DefaultDataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, dbFileName), nil
}

// DefaultPipeHistoryPath returns the file the reader keeps the pipe
// prompt's history in, pipe_history inside [DefaultDataDir].
func DefaultPipeHistoryPath() (string, error) {
	dir, err := DefaultDataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, pipeHistoryFileName), nil
}

// xdgDir returns the absolute directory in env, or home/fallback.
func xdgDir(env, fallback string) (string, error) {
	if dir := os.Getenv(env); dir != "" && filepath.IsAbs(dir) {
		return dir, nil
	}
	home, err := homeDir()
	if err != nil {
		return "", errors.New("cannot find the " + env + " directory: " + err.Error())
	}
	return filepath.Join(home, fallback), nil
}

// homeDir returns $HOME (os.UserHomeDir), which must be absolute.
func homeDir() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(home) {
		return "", errors.New("home directory " + home + " is not absolute")
	}
	return home, nil
}

// expandHome replaces a leading "~" or "~/" with the home directory. Other
// paths, including "~user/…", are returned unchanged.
func expandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := homeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, p[1:]), nil
}

// SaveDir is the folder the reader saves articles into: SaveDirectory
// when set ("~/" expanded by [Load]), else $XDG_DOWNLOAD_DIR when it is
// absolute, else ~/Downloads.
func (u UIConfig) SaveDir() (string, error) {
	if u.SaveDirectory != "" {
		return expandHome(u.SaveDirectory)
	}
	if dir := os.Getenv("XDG_DOWNLOAD_DIR"); dir != "" && filepath.IsAbs(dir) {
		return dir, nil
	}
	home, err := homeDir()
	if err != nil {
		return "", errors.New("cannot find the download folder: " + err.Error())
	}
	return filepath.Join(home, "Downloads"), nil
}
