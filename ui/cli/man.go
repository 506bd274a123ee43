package cli

import (
	_ "embed"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

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

// writeManPage renders one page for the whole program: the root command's
// synopsis and options, and a description that holds every command, the
// configuration keys and the reader's keys.
func writeManPage(c *cli, root *cobra.Command) error {
	cfg, _, err := loadConfig(&c.flags)
	if err != nil {
		return err
	}
	date, err := manDate()
	if err != nil {
		return err
	}
	header := manHeader{title: "TIDINGS", section: "1", date: date, source: "tidings " + c.version, manual: "tidings manual"}
	var body strings.Builder
	fmt.Fprintf(&body, "# SYNOPSIS\n**%s**\n\n# DESCRIPTION\n%s\n\n", mdEscape(root.UseLine()), manDescription(root, cfg))
	root.InitDefaultHelpFlag() // as cobra's own pages list -h, --help
	manOptions(&body, root.NonInheritedFlags())
	if err := writeRoff(c.stdout, header, root.Name(), root.Short, body.String()); err != nil {
		return fmt.Errorf("man: %w", err)
	}
	return nil
}

// manDate is the page's date, "Jan 2006": SOURCE_DATE_EPOCH's when set (a
// release's pages are reproducible), else today's; in UTC.
func manDate() (string, error) {
	now := time.Now()
	if epoch := os.Getenv("SOURCE_DATE_EPOCH"); epoch != "" {
		sec, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil {
			return "", fmt.Errorf("man: invalid SOURCE_DATE_EPOCH: %w", err)
		}
		now = time.Unix(sec, 0)
	}
	return now.UTC().Format("Jan 2006"), nil
}

// manOptions lists the flags as cobra's man pages do: "**-h**,
// **--help**[=false]" or "**--db**=\"\"", then the flag's usage.
func manOptions(b *strings.Builder, flags *pflag.FlagSet) {
	if !flags.HasAvailableFlags() {
		return
	}
	b.WriteString("# OPTIONS\n")
	flags.VisitAll(func(f *pflag.Flag) {
		if f.Deprecated != "" || f.Hidden {
			return
		}
		term := "**--" + mdEscape(f.Name) + "**"
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			term = "**-" + mdEscape(f.Shorthand) + "**, " + term
		}
		value := "=" + f.DefValue
		if f.Value.Type() == "string" {
			value = "=" + strconv.Quote(f.DefValue)
		}
		if f.NoOptDefVal != "" {
			value = "[" + value + "]"
		}
		fmt.Fprintf(b, "%s%s\n: %s\n\n", term, mdEscape(value), mdEscape(f.Usage))
	})
}

// manual is the page's prose in the markdown the page's writer reads (see
// roff_markdown.go). A line that is only a placeholder ({{COMMANDS}},
// {{JSON}}, {{MARKS}}, {{KEYS}}, {{MACROS}}, {{CONFIG}}) is replaced by
// what the program itself knows, so the command tree, the JSON fields, the reader's keys and marks and the
// configuration keys are always this build's.
//
//go:embed manual.md
var manual string

// manDescription is the page's body: the root command's description, then
// the manual with its placeholders filled in.
func manDescription(root *cobra.Command, cfg config.Config) string {
	fill := map[string]func(*strings.Builder){
		"{{COMMANDS}}": func(b *strings.Builder) {
			for _, cmd := range root.Commands() {
				manCommand(b, cmd, 1)
			}
		},
		"{{JSON}}":   manJSON,
		"{{MARKS}}":  manMarks,
		"{{KEYS}}":   func(b *strings.Builder) { manKeys(b, cfg) },
		"{{MACROS}}": func(b *strings.Builder) { manMacros(b, cfg) },
		"{{CONFIG}}": manConfig,
	}
	var b strings.Builder
	b.WriteString(mdEscape(root.Long) + "\n\n")
	for line := range strings.Lines(manual) {
		if f, ok := fill[strings.TrimSpace(line)]; ok {
			f(&b)
			continue
		}
		b.WriteString(line)
	}
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
		b.WriteString(" " + manLong(cmd.Long))
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

// manLong is a command's long help as markdown: its lines that start with
// spaces (a table or an example laid out in columns) become a block shown
// as it is, the rest is prose.
func manLong(long string) string {
	var b strings.Builder
	inBlock := false
	for line := range strings.Lines(long) {
		line = strings.TrimSuffix(line, "\n")
		indented := strings.HasPrefix(line, "  ")
		switch {
		case indented && !inBlock:
			b.WriteString("\n\n```\n")
		case !indented && inBlock:
			b.WriteString("```\n\n")
		case !indented && b.Len() > 0:
			b.WriteString(" ")
		}
		inBlock = indented
		if indented {
			b.WriteString(line + "\n")
		} else {
			b.WriteString(mdEscape(line))
		}
	}
	if inBlock {
		b.WriteString("```\n")
	}
	return b.String()
}

// manJSON lists the fields of each command's JSON output, read from the
// types the commands encode.
func manJSON(b *strings.Builder) {
	for _, out := range []struct {
		command string
		value   any
	}{
		{"tidings feeds --json", feedJSON{}},
		{"tidings items --json", itemJSON{}},
		{"an item's enclosures", enclosureJSON{}},
		{"tidings rule list --json", ruleJSON{}},
		{"tidings rule apply --json", ruleApplyJSON{}},
		{"tidings search list --json", searchJSON{}},
		{"tidings folder list --json", folderJSON{}},
	} {
		fmt.Fprintf(b, "**%s**\n: %s\n\n", mdEscape(out.command), mdEscape(strings.Join(jsonFields(out.value), ", ")))
	}
}

// jsonFields are the JSON names of a struct's fields, in order.
func jsonFields(v any) []string {
	t := reflect.TypeOf(v)
	var names []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// manMarks lists the marks of the reader's tree and item list.
func manMarks(b *strings.Builder) {
	for _, m := range ui.Marks() {
		fmt.Fprintf(b, "**%s**\n: %s\n\n", mdEscape(m[0]), mdEscape(m[1]))
	}
}

// manKeys lists every action of the reader in the help's order: the key
// as the help shows it, what it does, where, its name in [keys] and the
// keys in force (cfg's bindings; per context when they differ).
func manKeys(b *strings.Builder, cfg config.Config) {
	for _, a := range ui.Actions() {
		label := a.Label
		if tree := keysInForce(cfg, a); len(tree) == 1 && !slices.Equal(tree[0].keys, a.Keys) {
			label = strings.Join(keyLabels(tree[0].keys), "/")
		}
		fmt.Fprintf(b, "**%s**\n: %s. %s Used in the %s; in [keys]: %s. Keys: %s.\n\n", mdEscape(label), mdEscape(a.Help),
			mdEscape(a.Meaning), mdEscape(joinAnd(contextStrings(a.Contexts))), mdEscape(a.Name), mdEscape(keysText(keysInForce(cfg, a))))
	}
}

// contextKeys are the keys an action has in some contexts.
type contextKeys struct {
	keys     []string
	contexts []string
}

// keysInForce groups the contexts of a by the keys it has there.
func keysInForce(cfg config.Config, a config.Action) []contextKeys {
	var out []contextKeys
	for _, ctx := range a.Contexts {
		keys := cfg.Bindings.In(ctx)[a.Name]
		i := slices.IndexFunc(out, func(c contextKeys) bool { return slices.Equal(c.keys, keys) })
		if i < 0 {
			out = append(out, contextKeys{keys: keys})
			i = len(out) - 1
		}
		out[i].contexts = append(out[i].contexts, string(ctx))
	}
	return out
}

// keysText writes the keys in force: "k, up", or per context "t (list);
// j, down (tree, reader and dialogs)"; "none" when unbound.
func keysText(groups []contextKeys) string {
	var parts []string
	for _, g := range groups {
		text := strings.Join(keyLabels(g.keys), ", ")
		if text == "" {
			text = "none"
		}
		if len(groups) > 1 {
			text += " (" + joinAnd(g.contexts) + ")"
		}
		parts = append(parts, text)
	}
	return strings.Join(parts, "; ")
}

// keyLabels names keys as the manual writes them (" " is space).
func keyLabels(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k
		if k == " " {
			out[i] = "space"
		}
	}
	return out
}

func contextStrings(cs []config.KeyContext) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(c)
	}
	return out
}

// joinAnd writes "a, b and c".
func joinAnd(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// manMacros lists the macros in force, or says there are none.
func manMacros(b *strings.Builder, cfg config.Config) {
	if len(cfg.Macros) == 0 {
		b.WriteString("Your configuration has no macro.\n\n")
		return
	}
	for _, k := range slices.Sorted(maps.Keys(cfg.Macros)) {
		steps := make([]string, len(cfg.Macros[k]))
		for i, s := range cfg.Macros[k] {
			steps[i] = s.String()
		}
		fmt.Fprintf(b, "**%s**\n: %s\n\n", mdEscape(config.MacroPrefix+strings.Join(keyLabels([]string{k}), "")), mdEscape(strings.Join(steps, ", then ")))
	}
}

// manConfig lists every configuration key with its meaning, allowed values
// and default.
func manConfig(b *strings.Builder) {
	defaults := config.Default()
	for _, k := range config.Keys() {
		fmt.Fprintf(b, "**%s**\n: %s\n\n", mdEscape(k.Name), mdEscape(keyText(k, defaults)))
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
