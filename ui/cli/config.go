package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/config"
)

// defaultsHeader opens `tidings config --default`.
const defaultsHeader = "# tidings' configuration file with every key at its default. A key left out\n" +
	"# takes its default: keep only the lines you change.\n\n"

func (c *cli) configCmd() *cobra.Command {
	var defaults bool
	cmd := &cobra.Command{
		Use:   "config [--default]",
		Short: "Print the effective configuration as commented TOML (--default: the defaults)",
		Long: "Every key is printed with its meaning, the values it allows and its default; secrets are\n" +
			"masked. The output is a valid config.toml. The database is not opened.",
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if defaults {
				fmt.Fprint(c.stdout, defaultsHeader)
				return config.WriteTOML(c.stdout, config.Default())
			}
			cfg, path, err := loadConfig(&c.flags)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.stdout, "# tidings' effective configuration: %s over the defaults%s.\n\n",
				path, missingNote(path))
			return config.WriteTOML(c.stdout, cfg)
		},
	}
	cmd.Flags().BoolVar(&defaults, "default", false, "print the built-in defaults instead")
	return cmd
}

// missingNote says when the configuration file does not exist.
func missingNote(path string) string {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return " (no such file: all defaults)"
	}
	return ""
}
