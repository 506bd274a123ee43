package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/ui"
)

// Run executes the command line args (without the program name) and
// returns the exit status. version is the release tag linked into main
// ("dev" without one); the build information completes it (see
// buildVersion), and the User-Agent and --version show the result.
//
// stdout and stderr are wrapped here, once, in the door out
// (sanitize.TerminalWriter): whatever any command prints, from whatever
// source, reaches them without a control. Only the reader's renderer and
// the sync's progress line take the raw path past it.
func Run(ctx context.Context, version string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := sanitize.NewTerminalWriter(stdout), sanitize.NewTerminalWriter(stderr)
	version, detail := buildVersion(version, readBuildInfo())
	root := newRootCmd(ctx, version, detail, stdin, out, errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err != nil {
		if strings.HasPrefix(err.Error(), "unknown command") {
			err = asUsage(err)
		}
		fmt.Fprintf(errOut, "tidings: %s\n", oneLine(err.Error()))
	}
	return exitCode(err)
}

// oneLine keeps a message on one line without a control character: an
// error can quote what a server or a document said, and stderr is often a
// terminal.
func oneLine(s string) string {
	return strings.Join(strings.Fields(sanitize.Terminal(s)), " ")
}

// cli carries what every command needs to open the app.
type cli struct {
	ctx     context.Context
	version string
	flags   globalFlags
	stdin   io.Reader
	stdout  *sanitize.TerminalWriter
	stderr  *sanitize.TerminalWriter
}

// withApp opens the app, runs fn, and closes it.
func (c *cli) withApp(fn func(a *app) error) error {
	return c.openWith(false, fn)
}

// withReadingApp is withApp for a command that only reads: a database
// tidings cannot write is opened read-only.
func (c *cli) withReadingApp(fn func(a *app) error) error {
	return c.openWith(true, fn)
}

func (c *cli) openWith(reading bool, fn func(a *app) error) error {
	a, err := openApp(c.ctx, c.version, &c.flags, c.stdin, c.stdout, c.stderr, reading)
	if err != nil {
		return err
	}
	defer a.Close()
	return fn(a)
}

func newRootCmd(ctx context.Context, version, detail string, stdin io.Reader, stdout, stderr *sanitize.TerminalWriter) *cobra.Command {
	c := &cli{ctx: ctx, version: version, stdin: stdin, stdout: stdout, stderr: stderr}
	var syncOnce, force, showVersion bool
	root := &cobra.Command{
		Use:   "tidings",
		Short: "A terminal feed reader with a polite download engine",
		Long: "tidings follows RSS and Atom feeds from the terminal. With no command it opens the\n" +
			"reader; the commands below manage subscriptions and download feeds from scripts and cron.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if showVersion {
				fmt.Fprintln(stdout, versionText(version, detail))
				return nil
			}
			if syncOnce {
				return c.runSync(syncOptions{force: force})
			}
			if force {
				return usagef("--force goes with --sync-once or the sync command")
			}
			return c.runTUI()
		},
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetIn(stdin)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return asUsage(err) })
	root.PersistentFlags().StringVar(&c.flags.configPath, "config", "", "config file (default $XDG_CONFIG_HOME/tidings/config.toml)")
	root.PersistentFlags().StringVar(&c.flags.dbPath, "db", "", "database file (default $XDG_DATA_HOME/tidings/tidings.db)")
	// --version is a flag of tidings' own rather than cobra's: cobra prints
	// a custom version text through text/template, and a program that can
	// reach text/template keeps every exported method of every type it links
	// (templates call methods by name), which made the binary 2.6 MB larger,
	// all of it mapped into the reader's resident memory.
	root.Flags().BoolVarP(&showVersion, "version", "v", false, "version for tidings")
	root.Flags().BoolVar(&syncOnce, "sync-once", false, "download the feeds that are due, then exit (for cron); same as 'tidings sync'")
	root.Flags().BoolVar(&force, "force", false, "with --sync-once: download every feed not set to manual, ignoring schedule and TTL")
	root.AddCommand(c.syncCmd(), c.addCmd(), c.removeCmd(), c.setCmd(), c.importCmd(), c.exportCmd(),
		c.feedsCmd(), c.itemsCmd(), c.markCmd(), c.downloadCmd(), c.articleCmd(), c.ruleCmd(), c.searchCmd(), c.folderCmd(), c.configCmd())
	root.AddCommand(c.manCmd(root))
	return root
}

// runTUI starts the interactive reader; on a database opened read-only
// neither the scheduler nor the enclosure downloads run.
func (c *cli) runTUI() error {
	return c.withReadingApp(func(a *app) error {
		ctx, cancel := context.WithCancel(c.ctx)
		defer cancel()
		go returnIdleMemory(ctx, a.store.ReleaseMemory)
		eng := a.engine()
		opts := ui.Options{Store: a.store, Engine: eng, Config: a.cfg, Logger: a.logger,
			ConfigPath: a.cfgPath, DBPath: a.dbPath, Output: a.stdout, ErrOutput: a.stderr, ReadOnly: a.readOnly}
		if p, err := config.DefaultPipeHistoryPath(); err == nil {
			opts.PipeHistoryPath = p
		} else {
			a.logger.Warn("no pipe history", "err", err)
		}
		if a.readOnly { // nothing downloaded could be stored
			return ui.Run(ctx, opts)
		}
		enclosures := eng.StartEnclosures(ctx)
		stopped := make(chan struct{})
		go func() {
			defer close(stopped)
			if err := eng.Run(ctx); err != nil && ctx.Err() == nil {
				a.logger.Error("scheduler stopped", "err", err)
			}
		}()
		err := ui.Run(ctx, opts)
		cancel()
		<-stopped
		<-enclosures
		return err
	})
}

// noArgs, exactArgs and minArgs validate positional arguments as usage
// errors (exit status 2).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if !cmd.HasParent() { // Run names the program already
		return usagef("unexpected argument %s", sanitize.Named(args[0]))
	}
	return usagef("%s: unexpected argument %s", cmd.CommandPath(), sanitize.Named(args[0]))
}

func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s: expects %s", cmd.CommandPath(), what)
		}
		return nil
	}
}

func minArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n {
			return usagef("%s: expects %s", cmd.CommandPath(), what)
		}
		return nil
	}
}
