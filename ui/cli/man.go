package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	cobradoc "github.com/spf13/cobra/doc"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/ui"
)

func (c *cli) manCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Write the manual page (roff) to standard output: tidings man | man -l -",
		Long: "The page is made from the command tree, the configuration keys and the reader's keys, so\n" +
			"it always describes this build. Release archives carry it as tidings.1.",
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return writeManPage(c, root)
		},
	}
}

// writeManPage renders one page for the whole program with cobra's man
// generator: the root command's synopsis and options, and a description
// that holds every command, the configuration keys and the reader's keys.
func writeManPage(c *cli, root *cobra.Command) error {
	page := &cobra.Command{
		Use:               root.Use,
		Short:             root.Short,
		Long:              manDescription(root),
		DisableAutoGenTag: true,
	}
	root.InitDefaultVersionFlag()
	page.Flags().AddFlagSet(root.NonInheritedFlags())
	header := &cobradoc.GenManHeader{
		Title:   "TIDINGS",
		Section: "1",
		Source:  "tidings " + c.version,
		Manual:  "tidings manual",
	}
	if err := cobradoc.GenMan(page, header, c.stdout); err != nil {
		return fmt.Errorf("man: %w", err)
	}
	return nil
}

// manDescription is the page's body in the markdown cobra's generator
// reads: the program, then a section each for the commands, the
// configuration, the reader's keys, the files and the exit status.
func manDescription(root *cobra.Command) string {
	var b strings.Builder
	b.WriteString(mdEscape(root.Long) + "\n\n")
	b.WriteString("# COMMANDS\n")
	for _, cmd := range root.Commands() {
		manCommand(&b, cmd, 1)
	}
	b.WriteString("# CONFIGURATION\n")
	b.WriteString(mdEscape("The file is $XDG_CONFIG_HOME/tidings/config.toml (~/.config/tidings/config.toml); "+
		"every key is optional. 'tidings config' prints the effective configuration, "+
		"'tidings config --default' the defaults.") + "\n\n")
	defaults := config.Default()
	for _, k := range config.Keys() {
		fmt.Fprintf(&b, "**%s**\n: %s\n\n", mdEscape(k.Name), mdEscape(keyText(k, defaults)))
	}
	b.WriteString("# KEYS\n")
	b.WriteString("The reader (tidings with no command) answers these keys; ? shows them on the screen.\n\n")
	for _, column := range ui.DefaultKeyMap().FullHelp() {
		for _, kb := range column {
			h := kb.Help()
			fmt.Fprintf(&b, "**%s**\n: %s\n\n", mdEscape(h.Key), mdEscape(h.Desc))
		}
	}
	b.WriteString(manFiles)
	return b.String()
}

// manCommand writes one command with its flags, then its subcommands
// (those with their summary only: cobra's completion commands carry shell
// snippets that are no prose).
func manCommand(b *strings.Builder, cmd *cobra.Command, depth int) {
	if !cmd.IsAvailableCommand() || cmd.IsAdditionalHelpTopicCommand() {
		return
	}
	fmt.Fprintf(b, "### %s\n%s.", mdEscape(cmd.Parent().CommandPath()+" "+cmd.Use),
		mdEscape(strings.TrimSuffix(cmd.Short, ".")))
	if cmd.Long != "" && depth == 1 {
		b.WriteString(" " + mdEscape(cmd.Long))
	}
	b.WriteString("\n\n")
	if flags := cmd.LocalNonPersistentFlags(); flags.HasAvailableFlags() {
		for line := range strings.Lines(flags.FlagUsages()) {
			b.WriteString("    " + line)
		}
		b.WriteString("\n")
	}
	for _, sub := range cmd.Commands() {
		manCommand(b, sub, depth+1)
	}
}

// keyText is a configuration key's meaning, allowed values and default.
func keyText(k config.Key, defaults config.Config) string {
	s := k.Meaning
	if k.Allowed != "" {
		s += " Allowed: " + k.Allowed + "."
	}
	return s + " Default: " + k.Value(defaults) + "."
}

// manFiles ends the description: files, environment and exit status.
const manFiles = `# FILES
**$XDG_CONFIG_HOME/tidings/config.toml**
: The configuration (default ~/.config/tidings/config.toml).

**$XDG_DATA_HOME/tidings/tidings.db**
: The database: subscriptions, items, read and flag state (default ~/.local/share/tidings/tidings.db).

**$XDG_DATA_HOME/tidings/enclosures/**
: Downloaded enclosures, one folder per feed.

**$XDG_DATA_HOME/tidings/tidings.log**
: The log; tidings never logs to the terminal.

# ENVIRONMENT
**BROWSER**
: The program that opens links (else xdg-open).

**NO\_COLOR**
: When set, the reader uses no colour.

# EXIT STATUS
**0**
: Done.

**1**
: Refused: an unreachable URL, not a feed, a duplicate subscription, a failed download.

**2**
: A usage, configuration or database error.

# SEE ALSO
**newsboat**(1): **tidings import** reads its urls file and its cache.db.
`

// mdEscape keeps text literal in markdown: characters that would start
// emphasis, code, links, HTML or a heading are escaped.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#|", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
