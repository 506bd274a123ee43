package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"syscall"

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
	// readOnly is true when the store was opened read-only (a reading
	// command on a database tidings cannot write).
	readOnly bool
}

// openApp loads the configuration and opens the store. Its errors are
// usage errors (exit status 2); the folder of a database named by --db
// must exist (only the default one is made). A reading command (reading) opens a
// database tidings cannot write read-only, and says so in one line.
func openApp(ctx context.Context, version string, g *globalFlags, stdin io.Reader, stdout, stderr *sanitize.TerminalWriter, reading bool) (*app, error) {
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
	} else if dir := filepath.Dir(dbPath); !fileExists(dir) {
		return nil, usagef("database folder %s does not exist", dir)
	}
	a := &app{ctx: ctx, version: version, cfg: cfg, stdin: stdin, stdout: stdout, stderr: stderr, cfgPath: cfgPath, dbPath: dbPath}
	a.openLog()
	if err := a.openStore(reading); err != nil {
		a.closeLog()
		return nil, asUsage(err)
	}
	return a, nil
}

// openStore opens the database, read-only for a reading command when
// tidings cannot write it or its disk is full, saying so in one line. A
// database a changing command cannot open because it is read-only is
// said to be.
func (a *app) openStore(reading bool) error {
	var err error
	writable := store.Writable(a.dbPath)
	if writable || !fileExists(a.dbPath) {
		a.store, err = store.Open(a.ctx, a.dbPath)
		if !reading || !errors.Is(err, store.ErrDiskFull) {
			return err
		}
	} else if !reading {
		a.store, err = store.Open(a.ctx, a.dbPath)
		if err != nil {
			return &store.DatabaseError{Path: a.dbPath, Fault: store.ErrReadOnly, Cause: err}
		}
		return nil
	}
	if a.store, err = store.OpenReadOnly(a.ctx, a.dbPath); err != nil {
		return err
	}
	a.readOnly = true
	why := "is read-only"
	if writable {
		why = "is on a full disk"
	}
	fmt.Fprintf(a.stderr, "tidings: database %s %s: changes cannot be saved\n", a.dbPath, why)
	return nil
}

// fileExists reports whether path names something.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// loadConfig loads the configuration file named by --config, which must
// exist, else the default one, which may be missing (the defaults), and
// returns it with its path. Its errors are usage errors.
func loadConfig(g *globalFlags) (config.Config, string, error) {
	path := g.configPath
	if path == "" {
		p, err := config.DefaultConfigPath()
		if err != nil {
			return config.Config{}, "", asUsage(err)
		}
		path = p
	} else if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return config.Config{}, "", usagef("config file %s does not exist", path)
	}
	cfg, err := config.Load(path)
	if err != nil {
		return config.Config{}, "", asUsage(err)
	}
	return cfg, path, nil
}

// openLog sends slog output to the configured log file; logs never go to
// the terminal. A log file that cannot be opened, or that openLogFile
// refuses, means no log, said in one line on stderr (but for a read-only
// mount, which the database's own notice names).
func (a *app) openLog() {
	a.logger = slog.New(slog.DiscardHandler)
	if a.cfg.LogFile == "" {
		return
	}
	f, err := openLogFile(a.cfg.LogFile)
	if errors.Is(err, syscall.EROFS) {
		return // on a read-only mount; the database's notice says so once
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "tidings: log_file %s: %s; nothing is logged\n", a.cfg.LogFile, oneLine(err.Error()))
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
