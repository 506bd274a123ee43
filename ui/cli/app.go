package cli

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// globalFlags are the flags every command takes.
type globalFlags struct {
	configPath string
	dbPath     string
}

// app is what a command works with: the configuration, the open store and
// the standard streams.
type app struct {
	ctx context.Context
	// cfgPath and dbPath are the files in use (the reader's welcome
	// names them).
	cfgPath, dbPath string
	version         string
	cfg             config.Config
	store           *store.Store
	stdin           io.Reader
	stdout          *sanitize.TerminalWriter
	stderr          *sanitize.TerminalWriter
	logger          *slog.Logger
	logFile         *os.File
}

// openApp loads the configuration and opens the store. Its errors are
// usage errors (exit status 2).
func openApp(ctx context.Context, version string, g *globalFlags, stdin io.Reader, stdout, stderr *sanitize.TerminalWriter) (*app, error) {
	cfg, cfgPath, err := loadConfig(g)
	if err != nil {
		return nil, err
	}
	setMemoryLimit(cfg)
	setGCPercent(os.Getenv)
	dbPath := g.dbPath
	if dbPath == "" {
		if dbPath, err = config.DefaultDBPath(); err != nil {
			return nil, asUsage(err)
		}
	}
	a := &app{ctx: ctx, version: version, cfg: cfg, stdin: stdin, stdout: stdout, stderr: stderr, cfgPath: cfgPath, dbPath: dbPath}
	a.openLog()
	st, err := store.Open(ctx, dbPath)
	if err != nil {
		a.closeLog()
		return nil, asUsage(err)
	}
	a.store = st
	return a, nil
}

// loadConfig loads the configuration file named by --config, else the
// default one, and returns it with its path. Its errors are usage errors.
func loadConfig(g *globalFlags) (config.Config, string, error) {
	path := g.configPath
	if path == "" {
		p, err := config.DefaultConfigPath()
		if err != nil {
			return config.Config{}, "", asUsage(err)
		}
		path = p
	}
	cfg, err := config.Load(path)
	if err != nil {
		return config.Config{}, "", asUsage(err)
	}
	return cfg, path, nil
}

// openLog sends slog output to the configured log file; logs never go to
// the terminal. A log file that cannot be opened means no log.
func (a *app) openLog() {
	a.logger = slog.New(slog.DiscardHandler)
	if a.cfg.LogFile == "" {
		return
	}
	if err := os.MkdirAll(filepath.Dir(a.cfg.LogFile), 0o700); err != nil {
		return
	}
	f, err := os.OpenFile(a.cfg.LogFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	a.logFile = f
	a.logger = slog.New(slog.NewTextHandler(f, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func (a *app) closeLog() {
	if a.logFile != nil {
		a.logFile.Close()
	}
}

// Close closes the store and the log.
func (a *app) Close() {
	a.store.Close()
	a.closeLog()
}

// engine returns a download engine over the app's store.
func (a *app) engine() *engine.Engine {
	return engine.New(a.store, a.cfg, engine.Options{Version: a.version, Logger: a.logger})
}
