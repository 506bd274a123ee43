package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/newsboat"
)

// tomlEntry is one key = value of a translated table, with the newsboat
// lines it came from.
type tomlEntry struct {
	key, value string
	lines      []int
}

// tomlTable is a translated table: "ui", "keys.reader", or an array of
// tables ("highlight") whose entries are one table each.
type tomlTable struct {
	name    string
	array   bool
	about   string
	entries []tomlEntry
}

// settingsTables lays out the translated settings as the tables of
// tidings' configuration file, in the order they are written.
func settingsTables(s newsboat.Settings) []tomlTable {
	ui := tomlTable{name: "ui", about: "From newsboat's browser and bookmark-cmd."}
	if s.Browser.Line > 0 {
		ui.entries = append(ui.entries, tomlEntry{"browser", config.QuoteTOML(s.Browser.Value), []int{s.Browser.Line}})
	}
	if s.BookmarkCommand.Line > 0 {
		ui.entries = append(ui.entries, tomlEntry{"bookmark_command", config.QuoteTOML(s.BookmarkCommand.Value), []int{s.BookmarkCommand.Line}})
	}
	out := []tomlTable{ui}
	keys := map[string]int{} // table → index in out
	for _, b := range s.Keys {
		name := strings.TrimSuffix("keys."+b.Context, ".")
		i, ok := keys[name]
		if !ok {
			i = len(out)
			keys[name] = i
			out = append(out, tomlTable{name: name, about: "From newsboat's bind-key and unbind-key: the actions whose keys differ from tidings' defaults."})
		}
		out[i].entries = append(out[i].entries, tomlEntry{b.Action, quoteList(b.Keys), b.Lines})
	}
	macros := tomlTable{name: "macros", about: `From newsboat's macros: typed after ",".`}
	for _, m := range s.Macros {
		macros.entries = append(macros.entries, tomlEntry{tomlKey(m.Key), quoteList(m.Steps), []int{m.Line}})
	}
	colors := tomlTable{name: "colors", about: "From newsboat's color lines."}
	for _, c := range s.Colors {
		colors.entries = append(colors.entries, tomlEntry{c.Element, config.QuoteTOML(c.Value), []int{c.Line}})
	}
	out = append(out, macros, colors)
	for _, h := range s.Highlights {
		out = append(out, tomlTable{name: "highlight", array: true, about: "From newsboat's " + linesOf([]int{h.Line}) + ".",
			entries: []tomlEntry{{"expr", config.QuoteTOML(h.Expr), []int{h.Line}}, {"color", config.QuoteTOML(h.Color), nil}}})
	}
	for _, h := range s.ArticleHighlights {
		out = append(out, tomlTable{name: "highlight-article", array: true, about: "From newsboat's " + linesOf([]int{h.Line}) + ".",
			entries: []tomlEntry{{"regex", config.QuoteTOML(h.Regex), []int{h.Line}}, {"color", config.QuoteTOML(h.Color), nil}}})
	}
	return slices.DeleteFunc(out, func(t tomlTable) bool { return len(t.entries) == 0 })
}

// quoteList writes strings as a TOML array.
func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = config.QuoteTOML(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// bareKey is a key TOML takes unquoted.
var bareKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// tomlKey writes a key, quoted unless it is bare.
func tomlKey(k string) string {
	if bareKey.MatchString(k) {
		return k
	}
	return config.QuoteTOML(k)
}

// settingsPlan is what goes into the configuration file, and the
// translated settings left out because the file has its own.
type settingsPlan struct {
	tables  []tomlTable
	skipped []string
	written int
}

// planSettings keeps the tables and keys the file (decoded as have) does
// not set. A table the file has cannot be reopened at its end: a key it
// lacks is named with the line to add there.
func planSettings(tables []tomlTable, have map[string]any, path string) settingsPlan {
	var p settingsPlan
	for _, t := range tables {
		if t.array {
			if hasTable(have[t.name], t.entries) {
				p.skipped = append(p.skipped, fmt.Sprintf("%s: not written: %s has this [[%s]] already", linesOf(t.entries[0].lines), path, t.name))
				continue
			}
			p.tables, p.written = append(p.tables, t), p.written+1
			continue
		}
		existing, found := lookupTable(have, t.name)
		if !found {
			p.tables, p.written = append(p.tables, t), p.written+len(t.entries)
			continue
		}
		for _, e := range t.entries {
			what := fmt.Sprintf("%s sets %s.%s already", path, t.name, e.key)
			if _, set := existing[strings.Trim(e.key, `"`)]; !set {
				what = fmt.Sprintf("%s has a [%s] table: add %s = %s there", path, t.name, e.key, e.value)
			}
			p.skipped = append(p.skipped, fmt.Sprintf("%s: not written: %s", linesOf(e.lines), what))
		}
	}
	return p
}

// lookupTable finds a dotted table in a decoded file.
func lookupTable(have map[string]any, name string) (map[string]any, bool) {
	cur := have
	for part := range strings.SplitSeq(name, ".") {
		next, ok := cur[part].(map[string]any)
		if !ok {
			return nil, cur[part] != nil
		}
		cur = next
	}
	return cur, true
}

// hasTable reports whether an array of tables holds one equal to entries.
func hasTable(v any, entries []tomlEntry) bool {
	arr, _ := v.([]any)
	for _, el := range arr {
		m, _ := el.(map[string]any)
		same := true
		for _, e := range entries {
			same = same && m[e.key] != nil && config.QuoteTOML(fmt.Sprint(m[e.key])) == e.value
		}
		if same {
			return true
		}
	}
	return false
}

// linesOf names newsboat lines: "config line 3", "config lines 3, 7".
func linesOf(lines []int) string {
	s := make([]string, len(lines))
	for i, l := range lines {
		s[i] = fmt.Sprint(l)
	}
	if len(s) == 1 {
		return "config line " + s[0]
	}
	return "config lines " + strings.Join(s, ", ")
}

// renderTables writes tables as TOML, each under a comment.
func renderTables(tables []tomlTable) string {
	var b strings.Builder
	for _, t := range tables {
		b.WriteString("\n# " + t.about + "\n")
		if t.array {
			fmt.Fprintf(&b, "[[%s]]\n", t.name)
		} else {
			fmt.Fprintf(&b, "[%s]\n", t.name)
		}
		for _, e := range t.entries {
			comment := ""
			if len(e.lines) > 0 && !t.array {
				comment = "  # newsboat " + linesOf(e.lines)
			}
			fmt.Fprintf(&b, "%s = %s%s\n", e.key, e.value, comment)
		}
	}
	return b.String()
}

// importSettings writes the translated settings into the configuration
// file at path: a new file when there is none, else appended at the end
// of the file, leaving what is there as it is; the tables and keys the
// file sets already are named and left out. It returns the notices and
// the summary line.
func importSettings(path, from string, s newsboat.Settings) (notices []string, summary string, err error) {
	tables := settingsTables(s)
	if len(tables) == 0 {
		return nil, "", nil
	}
	old, err := readBounded(path, maxListBytes)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, "", fmt.Errorf("import settings: %w", err)
	}
	have := map[string]any{}
	if err := toml.Unmarshal(old, &have); err != nil {
		return nil, "", fmt.Errorf("import settings: %s: %w", path, err)
	}
	plan := planSettings(tables, have, path)
	text := renderTables(plan.tables)
	if plan.written > 0 {
		if err := writeSettings(path, old, exists, from, text); err != nil {
			return nil, "", fmt.Errorf("import settings: %w", err)
		}
	}
	summary = fmt.Sprintf("wrote %d settings translated from newsboat to %s", plan.written, path)
	if !exists {
		summary += " (a new file)"
	}
	if len(plan.skipped) > 0 {
		summary += fmt.Sprintf("; %d left out, named above", len(plan.skipped))
	}
	return plan.skipped, summary, nil
}

// writeSettings appends text to the file at path, or creates it (mode
// 0600, in a folder of mode 0700) under a header naming the newsboat
// config it came from.
func writeSettings(path string, old []byte, exists bool, from, text string) error {
	if !exists {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return err
		}
		text = "# tidings' configuration, translated from newsboat's " + from + " by tidings import.\n" +
			"# tidings config --default lists every setting with its meaning and default.\n" + text
	} else {
		text = "\n# Translated from newsboat's " + from + " by tidings import." + text
		if len(old) > 0 && !bytes.HasSuffix(old, []byte("\n")) {
			text = "\n" + text
		}
	}
	flags := os.O_WRONLY | os.O_APPEND
	if !exists {
		flags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
	}
	f, err := os.OpenFile(path, flags, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
