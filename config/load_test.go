package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

func TestLoadMissingFile(t *testing.T) {
	_, dataDir := isolate(t)
	path := filepath.Join(t.TempDir(), "nope", "config.toml")
	got, err := Load(path)
	if err != nil {
		t.Fatalf("Load(missing) error: %v", err)
	}
	if want := Default().Resolve(dataDir); !reflect.DeepEqual(got, want) {
		t.Errorf("Load(missing) = %+v, want %+v", got, want)
	}
}

func TestLoadEmptyFileIsDefaults(t *testing.T) {
	_, dataDir := isolate(t)
	got, err := Load(writeConfig(t, "# nothing here\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := Default().Resolve(dataDir); !reflect.DeepEqual(got, want) {
		t.Errorf("Load(empty) = %+v, want %+v", got, want)
	}
}

func TestLoadEmptyPath(t *testing.T) {
	if _, err := Load(""); err == nil {
		t.Error(`Load("") succeeded, want an error`)
	}
}

func TestLoadUnreadable(t *testing.T) {
	isolate(t)
	dir := t.TempDir() // a directory cannot be read as a file
	_, err := Load(dir)
	var ce *Error
	if !errors.As(err, &ce) || ce.Path != dir || ce.Err == nil {
		t.Errorf("Load(dir) = %v, want *Error for %s wrapping the read error", err, dir)
	}
	if strings.Count(err.Error(), dir) != 1 {
		t.Errorf("message %q repeats the path", err)
	}
}

// fullDoc sets every key to a non-default value.
const fullDoc = `
default_interval = 60
max_items = 2500
log_file = "/var/log/tidings.log"

[sync]
download_threads = 1
per_host_connections = 2
bucket_initial = 0
bucket_capacity = 10
bucket_refill_per_second = 0.5
honor_skip_hints = false
connect_timeout = "5s"
response_timeout = "2m30s"
max_body_bytes = 1024
command_timeout = "5s"
command_output_bytes = 4096
user_agent = "Custom/1.0"
on_battery = "defer"
on_metered = "defer"

[enclosures]
download = true
directory = "/srv/enclosures"
max_concurrent = 16
fallback_cap_bytes = 1
max_bytes = 1000
max_total_bytes = 0
length_slack_percent = 0
length_slack_bytes = 0
stall_timeout = "1s"
max_duration = "168h"
blocked_extensions = ["iso", ".EXE"]
blocked_types = ["application/x-iso9660-image"]
player = "mpv --no-video"

[ui]
notify_command = "notify-send tidings"
browser = "w3m %s:firefox"
browser_in_terminal = true
pipe_format = "markdown"
bookmark_command = "~/bin/mark --tag rss"
save_directory = "/srv/saved"
hyperlinks = false
sort = "feed"

[remote]
type = "greader"
url = "https://rss.example.org/api/greader.php"
user = "me"
password = "s3cret"
interval = 30
max_listed_items = 300000

[colors]
theme = "low"
tree = "red"
tree-unread = "bright-red default bold"
tree-folder = "color208"
tree-count = "color99 bold"
tree-selected = "#ff8800 #000000 underline"
tree-cursor = "blue black reverse"
list = "green italic"
list-unread = "cyan dim"
list-flagged = "yellow default bold underline reverse italic dim"
list-selected = "magenta"
list-cursor = "white black"
pane-title = "bright-black"
pane-title-focused = "bright-white color17"
border = "color255"
border-focused = "#00aaff"
reader-text = "black white"
reader-title = "bright-green"
reader-meta = "bright-yellow bold"
reader-link = "bright-blue"
reader-heading = "bright-magenta"
reader-quote = "bright-cyan"
reader-code = "color0"
reader-link-list = "color15 color16"
reader-warning = "#abcdef"
search-match = "red blue"
status = "green bold"
status-error = "yellow underline"
status-busy = "blue reverse"
toast = "magenta italic"
toast-fading = "cyan dim"
dialog = "white bold"
dialog-title = "bright-red"
dialog-selected = "color100"
label = "#123456 default"
hint = "default yellow"
chart = "default default bold"

[[highlight]]
expr = 'flagged or title ~ "release"'
color = "bright-yellow default bold"

[[highlight]]
expr = "not unread and age > 30"
color = "color244"

[[highlight-article]]
regex = '(?i)\bgo\b'
color = "black yellow"

[keys]
next-unread = ["n", "ctrl+n"]
toggle-read = []

[keys.reader]
down = ["j", "down", "space"]
page-down = ["pgdown"]

[macros]
v = ["set:browser=firefox", "open-link", "open-with:mpv --no-video", "pipe:wc -c"]
`

func TestLoadFullFile(t *testing.T) {
	isolate(t)
	got, err := Load(writeConfig(t, fullDoc))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		DefaultIntervalMinutes: 60,
		MaxItems:               2500,
		LogFile:                "/var/log/tidings.log",
		Sync: SyncConfig{
			DownloadThreads:       1,
			PerHostConnections:    2,
			BucketInitial:         0,
			BucketCapacity:        10,
			BucketRefillPerSecond: 0.5,
			HonorSkipHints:        false,
			ConnectTimeout:        5 * time.Second,
			ResponseTimeout:       150 * time.Second,
			MaxBodyBytes:          1024,
			CommandTimeout:        5 * time.Second,
			CommandOutputBytes:    4096,
			UserAgent:             "Custom/1.0",
			OnBattery:             PowerDefer,
			OnMetered:             PowerDefer,
		},
		Enclosures: EnclosureConfig{
			Download:               true,
			Directory:              "/srv/enclosures",
			MaxConcurrent:          16,
			FallbackCapBytes:       1,
			MaxBytes:               1000,
			StallTimeout:           time.Second,
			MaxDuration:            168 * time.Hour,
			ExtraBlockedExtensions: []string{"iso", ".EXE"},
			ExtraBlockedTypes:      []string{"application/x-iso9660-image"},
			Player:                 "mpv --no-video",
		},
		UI: UIConfig{NotifyCommand: "notify-send tidings", Browser: "w3m %s:firefox", BrowserInTerminal: true,
			PipeFormat: PipeMarkdown, BookmarkCommand: "~/bin/mark --tag rss", SaveDirectory: "/srv/saved", Sort: "feed"},
		Remote: RemoteConfig{Type: "greader", URL: "https://rss.example.org/api/greader.php",
			User: "me", Password: "s3cret", IntervalMinutes: 30, MaxItems: 300000},
		Colors: ColorsConfig{Theme: ThemeLow, Elements: map[string]Style{
			"tree":               {FG: "1"},
			"tree-unread":        {FG: "9", Bold: true},
			"tree-folder":        {FG: "208"},
			"tree-count":         {FG: "99", Bold: true},
			"tree-selected":      {FG: "#ff8800", BG: "#000000", Underline: true},
			"tree-cursor":        {FG: "4", BG: "0", Reverse: true},
			"list":               {FG: "2", Italic: true},
			"list-unread":        {FG: "6", Dim: true},
			"list-flagged":       {FG: "3", Bold: true, Underline: true, Reverse: true, Italic: true, Dim: true},
			"list-selected":      {FG: "5"},
			"list-cursor":        {FG: "7", BG: "0"},
			"pane-title":         {FG: "8"},
			"pane-title-focused": {FG: "15", BG: "17"},
			"border":             {FG: "255"},
			"border-focused":     {FG: "#00aaff"},
			"reader-text":        {FG: "0", BG: "7"},
			"reader-title":       {FG: "10"},
			"reader-meta":        {FG: "11", Bold: true},
			"reader-link":        {FG: "12"},
			"reader-heading":     {FG: "13"},
			"reader-quote":       {FG: "14"},
			"reader-code":        {FG: "0"},
			"reader-link-list":   {FG: "15", BG: "16"},
			"reader-warning":     {FG: "#abcdef"},
			"search-match":       {FG: "1", BG: "4"},
			"status":             {FG: "2", Bold: true},
			"status-error":       {FG: "3", Underline: true},
			"status-busy":        {FG: "4", Reverse: true},
			"toast":              {FG: "5", Italic: true},
			"toast-fading":       {FG: "6", Dim: true},
			"dialog":             {FG: "7", Bold: true},
			"dialog-title":       {FG: "9"},
			"dialog-selected":    {FG: "100"},
			"label":              {FG: "#123456"},
			"hint":               {BG: "3"},
			"chart":              {Bold: true},
		}},
		Highlights: []Highlight{
			{Query: `flagged or title ~ "release"`, Expr: query.MustParse(`flagged or title ~ "release"`), Style: Style{FG: "11", Bold: true}},
			{Query: "not unread and age > 30", Expr: query.MustParse("not unread and age > 30"), Style: Style{FG: "244"}},
		},
		ArticleHighlights: []ArticleHighlight{
			{Pattern: `(?i)\bgo\b`, Regexp: regexp.MustCompile(`(?i)\bgo\b`), Style: Style{FG: "0", BG: "3"}},
		},
	}
	want.Bindings = defaultBindings()
	want.Bindings.Keys["next-unread"] = []string{"n", "ctrl+n"}
	want.Bindings.Keys["toggle-read"] = []string{}
	want.Bindings.Contexts[ContextReader] = map[string][]string{"down": {"j", "down", " "}, "page-down": {"pgdown"}}
	want.Macros = map[string][]MacroStep{"v": {{Kind: StepSet, Arg: "browser", Value: "firefox"},
		{Kind: StepAction, Arg: "open-link"}, {Kind: StepOpenWith, Arg: "mpv --no-video"}, {Kind: StepPipe, Arg: "wc -c"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Load =\n%+v\nwant\n%+v", got, want)
	}
	// Every key of the schema must be exercised here (or, for the keys
	// [remote] cannot hold together, in remoteDocs), so that a key added
	// later cannot silently miss its conversion into Config.
	loc := locate([]byte(fullDoc))
	other := locate([]byte(remoteDocs["password_command"].doc + remoteDocs["token"].doc))
	for key, exp := range schema() {
		if exp.name != "table" && !loc.has(key) && !other.has(key) {
			t.Errorf("fullDoc does not set %s", key)
		}
	}
}

func TestLoadSyntaxVariants(t *testing.T) {
	// Dotted keys and inline tables are the same keys as [table] entries.
	docs := map[string]string{
		"table":        "[sync]\ndownload_threads = 7\n",
		"dotted":       "sync.download_threads = 7\n",
		"inline table": "sync = { download_threads = 7 }\n",
		"quoted keys":  "\"sync\".'download_threads' = 7\n",
	}
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			isolate(t)
			c, err := Load(writeConfig(t, doc))
			if err != nil {
				t.Fatal(err)
			}
			if c.Sync.DownloadThreads != 7 {
				t.Errorf("DownloadThreads = %d, want 7", c.Sync.DownloadThreads)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		line int
		key  string   // "" for errors without a key
		msg  []string // substrings of the message
	}{
		{
			name: "unknown top-level key",
			doc:  "max_items = 100\ncolour = \"red\"\n",
			line: 2, key: "colour", msg: []string{"unknown key"},
		},
		{
			name: "unknown key inside [sync]",
			doc:  "[sync]\ndownload_threads = 2\nthreads = 3\n",
			line: 3, key: "sync.threads", msg: []string{"unknown key"},
		},
		{
			name: "empty enclosure player",
			doc:  "[enclosures]\nplayer = \"  \"\n",
			line: 2, key: "enclosures.player", msg: []string{"must name a command"},
		},
		{
			name: "unknown pipe format",
			doc:  "[ui]\nbrowser = \"w3m\"\npipe_format = \"pdf\"\n",
			line: 3, key: "ui.pipe_format", msg: []string{`"pdf"`, `must be "text", "html" or "markdown"`},
		},
		{
			name: "bookmark command with a pipe",
			doc:  "[ui]\nbookmark_command = \"mark | tee log\"\n",
			line: 2, key: "ui.bookmark_command", msg: []string{"must be one command run without a shell", "it holds |"},
		},
		{
			name: "relative save directory",
			doc:  "\n[ui]\nsave_directory = \"saved\"\n",
			line: 3, key: "ui.save_directory", msg: []string{`must be absolute or start with "~/"`},
		},
		{
			name: "hyperlinks not a boolean",
			doc:  "[ui]\nhyperlinks = \"yes\"\n",
			line: 2, key: "ui.hyperlinks", msg: []string{"want boolean"},
		},
		{
			name: "unknown dotted key",
			doc:  "max_items = 100\n\nsync.bogus = 1\n",
			line: 3, key: "sync.bogus", msg: []string{"unknown key"},
		},
		{
			name: "unknown key in inline table",
			doc:  "\nsync = { download_threads = 2, bogus = 1 }\n",
			line: 2, key: "sync.bogus", msg: []string{"unknown key"},
		},
		{
			name: "unknown table",
			doc:  "max_items = 100\n[network]\nproxy = \"x\"\n",
			line: 2, key: "network", msg: []string{"unknown table"},
		},
		{
			name: "topmost of several unknown keys",
			doc:  "[sync]\ndownload_threads = 2\n\n[ui]\nzz = 1\n[sync2]\n",
			line: 5, key: "ui.zz", msg: []string{"unknown key"},
		},
		{
			name: "wrong type string for integer",
			doc:  "[sync]\n\ndownload_threads = \"four\"\n",
			line: 3, key: "sync.download_threads", msg: []string{"wrong type", "got string", "want integer"},
		},
		{
			name: "wrong type float for integer",
			doc:  "max_items = 20.5\n",
			line: 1, key: "max_items", msg: []string{"wrong type", "got float", "want integer"},
		},
		{
			name: "wrong type integer for duration",
			doc:  "[sync]\nconnect_timeout = 15\n",
			line: 2, key: "sync.connect_timeout", msg: []string{"wrong type", "got integer", "want duration"},
		},
		{
			name: "wrong type table is a value",
			doc:  "max_items = 1\nsync = 4\n",
			line: 2, key: "sync", msg: []string{"wrong type", "got integer", "want table"},
		},
		{
			name: "wrong element type in list",
			doc:  "[enclosures]\nblocked_extensions = [\"iso\", 7]\n",
			line: 2, key: "enclosures.blocked_extensions", msg: []string{"wrong type", "every element must be a string"},
		},
		{
			name: "wrong type inside inline table",
			doc:  "\nsync = { per_host_connections = 1, download_threads = 1.5 }\n",
			line: 2, key: "sync.download_threads", msg: []string{"wrong type", "got float", "want integer"},
		},
		{
			name: "wrong element type in multi-line list",
			doc:  "[enclosures]\nblocked_types = [\n  \"a/b\",\n  1,\n]\n",
			line: 4, key: "enclosures.blocked_types", msg: []string{"every element must be a string"},
		},
		{
			name: "integer overflow",
			doc:  "\nmax_items = 99999999999999999999\n",
			line: 2, key: "max_items", msg: []string{"too large"},
		},
		{
			name: "interval below minimum",
			doc:  "# comment\ndefault_interval = 10\n",
			line: 2, key: "default_interval", msg: []string{"= 10:", "at least 15"},
		},
		{
			name: "max_items above limit",
			doc:  "default_interval = 60\n\n\nmax_items = 3000\n",
			line: 4, key: "max_items", msg: []string{"= 3000:", "between 1 and 2500"},
		},
		{
			name: "download_threads 0",
			doc:  "[sync]\ndownload_threads = 0\n",
			line: 2, key: "sync.download_threads", msg: []string{"= 0:", "between 1 and 16"},
		},
		{
			name: "download_threads 17",
			doc:  "default_interval = 60\n[sync]\nper_host_connections = 2\ndownload_threads = 17\n",
			line: 4, key: "sync.download_threads", msg: []string{"= 17:", "between 1 and 16"},
		},
		{
			name: "download_threads as dotted key",
			doc:  "max_items = 5\nsync.download_threads = 99\n",
			line: 2, key: "sync.download_threads", msg: []string{"= 99:", "between 1 and 16"},
		},
		{
			name: "download_threads in inline table",
			doc:  "\n\nsync = { per_host_connections = 1, download_threads = 99 }\n",
			line: 3, key: "sync.download_threads", msg: []string{"between 1 and 16"},
		},
		{
			name: "bucket_initial above capacity",
			doc:  "[sync]\nbucket_capacity = 3\nbucket_initial = 5\n",
			line: 3, key: "sync.bucket_initial", msg: []string{"= 5:", "must not exceed sync.bucket_capacity (3)"},
		},
		{
			name: "bucket_capacity below default initial",
			doc:  "[sync]\nbucket_capacity = 1\n",
			line: 2, key: "sync.bucket_capacity", msg: []string{"= 1:", "at least sync.bucket_initial (2)"},
		},
		{
			name: "bucket_capacity 0",
			doc:  "[sync]\nbucket_initial = 0\nbucket_capacity = 0\n",
			line: 3, key: "sync.bucket_capacity", msg: []string{"at least 1"},
		},
		{
			name: "negative refill",
			doc:  "[sync]\nbucket_refill_per_second = -1.5\n",
			line: 2, key: "sync.bucket_refill_per_second", msg: []string{"= -1.5:", ">= 0"},
		},
		{
			name: "nan refill",
			doc:  "[sync]\nbucket_refill_per_second = nan\n",
			line: 2, key: "sync.bucket_refill_per_second", msg: []string{"finite"},
		},
		{
			name: "bad duration",
			doc:  "[sync]\nconnect_timeout = \"15s\"\nresponse_timeout = \"a minute\"\n",
			line: 3, key: "sync.response_timeout", msg: []string{`= "a minute":`, "not a duration"},
		},
		{
			name: "zero duration",
			doc:  "[sync]\nconnect_timeout = \"0s\"\n",
			line: 2, key: "sync.connect_timeout", msg: []string{"greater than 0"},
		},
		{
			name: "max_body_bytes too small",
			doc:  "[sync]\nmax_body_bytes = 1023\n",
			line: 2, key: "sync.max_body_bytes", msg: []string{"at least 1024"},
		},
		{
			name: "command_timeout not a duration",
			doc:  "[sync]\ncommand_timeout = \"soon\"\n",
			line: 2, key: "sync.command_timeout", msg: []string{`= "soon":`, "not a duration"},
		},
		{
			name: "command_timeout zero",
			doc:  "[sync]\ncommand_timeout = \"0s\"\n",
			line: 2, key: "sync.command_timeout", msg: []string{"greater than 0"},
		},
		{
			name: "command_output_bytes too small",
			doc:  "[sync]\n\ncommand_output_bytes = 10\n",
			line: 3, key: "sync.command_output_bytes", msg: []string{"at least 1024"},
		},
		{
			name: "user agent with newline",
			doc:  "[sync]\nuser_agent = \"a\\r\\nX-Evil: 1\"\n",
			line: 2, key: "sync.user_agent", msg: []string{"control characters"},
		},
		{
			name: "on_battery not a policy",
			doc:  "[sync]\non_battery = \"sometimes\"\n",
			line: 2, key: "sync.on_battery", msg: []string{`must be "normal" or "defer"`},
		},
		{
			name: "ui sort not an order",
			doc:  "[ui]\nbrowser = \"\"\nsort = \"newest\"\n",
			line: 3, key: "ui.sort", msg: []string{`= "newest"`, `must be "date", "date-asc", "title", "feed" or "unread"`},
		},
		{
			name: "on_metered empty",
			doc:  "\n[sync]\non_metered = \"\"\n",
			line: 3, key: "sync.on_metered", msg: []string{`must be "normal" or "defer"`},
		},
		{
			name: "max_concurrent 17",
			doc:  "[enclosures]\nmax_concurrent = 17\n",
			line: 2, key: "enclosures.max_concurrent", msg: []string{"between 1 and 16"},
		},
		{
			name: "fallback cap 0",
			doc:  "[enclosures]\nfallback_cap_bytes = 0\n",
			line: 2, key: "enclosures.fallback_cap_bytes", msg: []string{"at least 1"},
		},
		{
			name: "max_bytes 0",
			doc:  "[enclosures]\nmax_bytes = 0\n",
			line: 2, key: "enclosures.max_bytes", msg: []string{"at least 1"},
		},
		{
			name: "negative max_total_bytes",
			doc:  "[enclosures]\nmax_total_bytes = -1\n",
			line: 2, key: "enclosures.max_total_bytes", msg: []string{"at least 0"},
		},
		{
			name: "length slack over 100 percent",
			doc:  "[enclosures]\nlength_slack_percent = 101\n",
			line: 2, key: "enclosures.length_slack_percent", msg: []string{"between 0 and 100"},
		},
		{
			name: "negative length slack",
			doc:  "[enclosures]\nlength_slack_bytes = -1\n",
			line: 2, key: "enclosures.length_slack_bytes", msg: []string{"at least 0"},
		},
		{
			name: "stall timeout below a second",
			doc:  "[enclosures]\nstall_timeout = \"10ms\"\n",
			line: 2, key: "enclosures.stall_timeout", msg: []string{"between 1s and 1h0m0s"},
		},
		{
			name: "stall timeout not a duration",
			doc:  "[enclosures]\nstall_timeout = \"forever\"\n",
			line: 2, key: "enclosures.stall_timeout", msg: []string{"not a duration"},
		},
		{
			name: "max duration over a week",
			doc:  "[enclosures]\nmax_duration = \"169h\"\n",
			line: 2, key: "enclosures.max_duration", msg: []string{"between 1s and 168h0m0s"},
		},
		{
			name: "relative directory",
			doc:  "[enclosures]\ndirectory = \"enc\"\n",
			line: 2, key: "enclosures.directory", msg: []string{"absolute"},
		},
		{
			name: "relative log file",
			doc:  "log_file = \"logs/t.log\"\n",
			line: 1, key: "log_file", msg: []string{"absolute"},
		},
		{
			name: "bad blocked extension",
			doc:  "[enclosures]\nblocked_extensions = [\n  \"iso\",\n  \"tar.gz\",\n]\n",
			line: 2, key: "enclosures.blocked_extensions", msg: []string{`"tar.gz"`, "single extension"},
		},
		{
			name: "empty blocked extension",
			doc:  "[enclosures]\nblocked_extensions = [\"\"]\n",
			line: 2, key: "enclosures.blocked_extensions", msg: []string{"must not be empty"},
		},
		{
			name: "bad blocked type",
			doc:  "[enclosures]\nblocked_types = [\"exe\"]\n",
			line: 2, key: "enclosures.blocked_types", msg: []string{`"exe"`, "MIME type"},
		},
		{
			name: "wildcard blocked type",
			doc:  "[enclosures]\nblocked_types = [\"application/*\"]\n",
			line: 2, key: "enclosures.blocked_types", msg: []string{"wildcards"},
		},
		{
			name: "decoding errors come before range errors",
			doc:  "[sync]\ndownload_threads = 99\n[enclosures]\nmax_concurrent = 0\n[sync2]\n",
			line: 5, key: "sync2", msg: []string{"unknown table"},
		},
		{
			name: "earliest of several range errors",
			doc:  "[enclosures]\nmax_concurrent = 0\n[sync]\ndownload_threads = 99\n",
			line: 2, key: "enclosures.max_concurrent", msg: []string{"between 1 and 16"},
		},
		{
			name: "syntax error unclosed table",
			doc:  "max_items = 100\n[sync\ndownload_threads = 1\n",
			line: 2, msg: []string{"syntax error"},
		},
		{
			name: "syntax error missing value",
			doc:  "max_items = 100\n\ndefault_interval =\n",
			line: 3, msg: []string{"syntax error"},
		},
		{
			name: "duplicate key",
			doc:  "max_items = 100\nmax_items = 200\n",
			line: 2, key: "max_items", msg: []string{"already defined"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			isolate(t)
			path := writeConfig(t, tt.doc)
			_, err := Load(path)
			if err == nil {
				t.Fatal("Load succeeded, want an error")
			}
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *config.Error", err, err)
			}
			if ce.Path != path || ce.Line != tt.line || ce.Key != tt.key {
				t.Errorf("error at %s:%d key %q, want %s:%d key %q (%v)",
					ce.Path, ce.Line, ce.Key, path, tt.line, tt.key, err)
			}
			s := err.Error()
			prefix := fmt.Sprintf("config %s:%d: ", path, tt.line)
			if tt.key != "" {
				prefix += tt.key
			}
			if !strings.HasPrefix(s, prefix) {
				t.Errorf("message %q does not start with %q", s, prefix)
			}
			for _, m := range tt.msg {
				if !strings.Contains(s, m) {
					t.Errorf("message %q does not contain %q", s, m)
				}
			}
			if strings.ContainsAny(s, "\r\n") {
				t.Errorf("message %q is not one line", s)
			}
		})
	}
}

func TestLoadMessageFormat(t *testing.T) {
	isolate(t)
	path := writeConfig(t, "default_interval = 60\n\n[sync]\nper_host_connections = 1\n\n\ndownload_threads = 99\n")
	_, err := Load(path)
	want := "config " + path + ":7: sync.download_threads = 99: must be between 1 and 16"
	if err == nil || err.Error() != want {
		t.Errorf("Load error = %v, want %s", err, want)
	}
}

func TestLoadExpandsHome(t *testing.T) {
	home, dataDir := isolate(t)
	c, err := Load(writeConfig(t, "log_file = \"~/logs/t.log\"\n[enclosures]\ndirectory = \"~\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(home, "logs", "t.log"); c.LogFile != want {
		t.Errorf("LogFile = %q, want %q", c.LogFile, want)
	}
	if c.Enclosures.Directory != home {
		t.Errorf("Directory = %q, want %q", c.Enclosures.Directory, home)
	}
	c, err = Load(writeConfig(t, "[enclosures]\ndirectory = \"/srv/e\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dataDir, "tidings.log"); c.LogFile != want {
		t.Errorf("LogFile = %q, want %q", c.LogFile, want)
	}
}

func TestLoadDoesNotNeedHomeWhenPathsAreSet(t *testing.T) {
	t.Setenv("HOME", "")
	t.Setenv("XDG_DATA_HOME", "")
	path := writeConfig(t, "log_file = \"/l/t.log\"\n[enclosures]\ndirectory = \"/e\"\n")
	if _, err := Load(path); err != nil {
		t.Errorf("Load = %v, want success", err)
	}
	if _, err := Load(writeConfig(t, "")); err == nil {
		t.Error("Load with no HOME and no paths succeeded, want an error")
	}
}

func TestLoadFilePermissionError(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root can read any file")
	}
	isolate(t)
	path := writeConfig(t, "max_items = 5\n")
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil {
		t.Error("Load(unreadable) succeeded, want an error")
	}
}
