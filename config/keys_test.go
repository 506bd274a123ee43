package config

import (
	"bytes"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/tidings-rss/tidings/engine/query"
)

func TestKeysCoverTheFileSchemaOnce(t *testing.T) {
	var inSchema []string
	for name, e := range schema() {
		if !slices.Contains(e.kinds, unstable.Table) && !e.inner {
			inSchema = append(inSchema, name)
		}
	}
	seen := map[string]bool{}
	for _, k := range Keys() {
		t.Run(k.Name, func(t *testing.T) {
			if seen[k.Name] {
				t.Errorf("%s has two rows", k.Name)
			}
			seen[k.Name] = true
			if _, ok := schema()[k.Name]; !ok {
				t.Errorf("%s is not a key of the file schema", k.Name)
			}
			if !strings.HasSuffix(k.Meaning, ".") || k.Allowed != "" && strings.HasSuffix(k.Allowed, ".") {
				t.Errorf("%s: the meaning is a sentence, the allowed values a phrase: %q, %q", k.Name, k.Meaning, k.Allowed)
			}
		})
	}
	for _, name := range inSchema {
		if !seen[name] {
			t.Errorf("the file schema's %s has no row in Keys", name)
		}
	}
}

func TestKeysAreInFileOrder(t *testing.T) {
	tables := []string{""}
	for _, k := range Keys() {
		if t := k.Table(); t != tables[len(tables)-1] {
			tables = append(tables, t)
		}
	}
	sorted := slices.Clone(tables)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(tables) {
		t.Errorf("a table's keys are not together: %v", tables)
	}
}

func TestWriteTOMLLoadsBackTheSameConfig(t *testing.T) {
	_, dataDir := isolate(t)
	changed := Default()
	changed.DefaultIntervalMinutes = 90
	changed.MaxItems = 2500
	changed.LogFile = "/var/log/tidings \"quoted\".log"
	changed.Sync.BucketInitial = 0
	changed.Sync.BucketRefillPerSecond = 0.25
	changed.Sync.HonorSkipHints = false
	changed.Sync.ConnectTimeout = 90 * time.Second
	changed.Sync.UserAgent = `Reader\2 "beta" ünï`
	changed.Enclosures.Download = true
	changed.Enclosures.Directory = "/srv/podcasts"
	changed.Enclosures.ExtraBlockedExtensions = []string{"bat", "ps1"}
	changed.Enclosures.ExtraBlockedTypes = []string{"application/x-foo"}
	changed.UI.NotifyCommand = "notify-send 'new items'\tnow"
	changed.Colors = ColorsConfig{Theme: ThemeLight, Elements: map[string]Style{
		"list-unread": {FG: "9", BG: "#102030", Bold: true}, "border": {Dim: true}}}
	changed.Highlights = []Highlight{{Query: `title ~ "\"x\""`, Expr: query.MustParse(`title ~ "\"x\""`), Style: Style{FG: "3"}}}
	changed.ArticleHighlights = []ArticleHighlight{{Pattern: `\bgo\b`, Regexp: regexp.MustCompile(`\bgo\b`), Style: Style{BG: "200"}}}
	tests := []struct {
		name string
		cfg  Config
	}{
		{"defaults", Default().Resolve(dataDir)},
		{"every kind of value changed", changed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteTOML(&buf, tt.cfg); err != nil {
				t.Fatal(err)
			}
			got, err := Load(writeConfig(t, buf.String()))
			if err != nil {
				t.Fatalf("Load(WriteTOML output): %v\n%s", err, buf.String())
			}
			if !reflect.DeepEqual(withEmptyLists(got), withEmptyLists(tt.cfg)) {
				t.Errorf("loaded back\n%+v\nwant\n%+v", got, tt.cfg)
			}
		})
	}
}

// withEmptyLists makes nil lists empty: "= []" loads as an empty list.
func withEmptyLists(c Config) Config {
	e := &c.Enclosures
	e.ExtraBlockedExtensions = append([]string{}, e.ExtraBlockedExtensions...)
	e.ExtraBlockedTypes = append([]string{}, e.ExtraBlockedTypes...)
	return c
}

func TestWriteTOMLCommentsEveryKey(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteTOML(&buf, Default()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, k := range Keys() {
		t.Run(k.Name, func(t *testing.T) {
			assignment := "\n" + k.Leaf() + " = "
			at := strings.Index(out, assignment)
			if at < 0 {
				t.Fatalf("no %q in\n%s", assignment, out)
			}
			lines := strings.Split(out[:at], "\n")
			comment := strings.Join(commentAbove(lines), " ")
			for _, want := range []string{strings.Fields(k.Meaning)[0], "Default: ", k.Allowed} {
				if !strings.Contains(comment, want) {
					t.Errorf("comment of %s lacks %q: %q", k.Name, want, comment)
				}
			}
		})
	}
	for line := range strings.SplitSeq(out, "\n") {
		if len(line) > commentWidth && strings.HasPrefix(line, "#") {
			t.Errorf("comment wider than %d: %q", commentWidth, line)
		}
	}
}

// commentAbove returns the "# " lines at the end of lines, without "# ".
func commentAbove(lines []string) []string {
	var out []string
	for i := len(lines) - 1; i >= 0 && strings.HasPrefix(lines[i], "# "); i-- {
		out = append([]string{strings.TrimPrefix(lines[i], "# ")}, out...)
	}
	return out
}

func TestWriteTOMLMasksSecrets(t *testing.T) {
	keys := Keys()
	for i := range keys {
		keys[i].Secret = keys[i].Name == "ui.notify_command"
	}
	tests := []struct {
		name, value, want string
	}{
		{"a set secret is masked", "hunter2", `notify_command = "********"`},
		{"an empty secret shows empty", "", `notify_command = ""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			c.UI.NotifyCommand = tt.value
			out := renderTOML(keys, toFile(c), toFile(Default()))
			if !strings.Contains(out, tt.want+"\n") {
				t.Errorf("want %q in\n%s", tt.want, out)
			}
			if tt.value != "" && strings.Contains(out, tt.value) {
				t.Errorf("the secret %q shows in\n%s", tt.value, out)
			}
		})
	}
}
