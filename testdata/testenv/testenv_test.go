package testenv

import (
	"strings"
	"testing"
)

// recorder is a testing.TB that notes its first Skip or Fatal instead of
// ending the test.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recorder) Helper() {}

func (r *recorder) Skip(args ...any) { r.note(&r.skipped, args) }

func (r *recorder) Fatal(args ...any) { r.note(&r.failed, args) }

func (r *recorder) note(flag *bool, args []any) {
	if !r.skipped && !r.failed {
		*flag = true
		r.msg = args[0].(string)
	}
}

func TestRequireToolSkipsOrFails(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, tt := range []struct {
		env           string
		skips, failed bool
	}{{"", true, false}, {"0", true, false}, {"1", false, true}} {
		t.Setenv(RequireToolsEnv, tt.env)
		r := &recorder{TB: t}
		if got := RequireTool(r, "tmux", "tmux"); got != "" {
			t.Errorf("%s=%q: path %q for a missing program", RequireToolsEnv, tt.env, got)
		}
		if r.skipped != tt.skips || r.failed != tt.failed {
			t.Errorf("%s=%q: skipped %v, failed %v", RequireToolsEnv, tt.env, r.skipped, r.failed)
		}
		if !strings.Contains(r.msg, "apt-get install tmux") || strings.Contains(r.msg, "\n") {
			t.Errorf("%s=%q: message %q is not one line naming the package", RequireToolsEnv, tt.env, r.msg)
		}
	}
}

func TestRequireToolFindsAProgram(t *testing.T) {
	r := &recorder{TB: t}
	if got := RequireTool(r, "go", "golang-go"); got == "" || r.skipped || r.failed {
		t.Errorf("go: path %q, skipped %v, failed %v", got, r.skipped, r.failed)
	}
}

func TestCorpusHoldsTheRecords(t *testing.T) {
	if n := len(Inputs(t, "html_sanitizer_checks.jsonl")); n < 50 {
		t.Errorf("%d hostile inputs, want the corpus' ~80", n)
	}
	type check struct{ Kind, File string }
	recs := Records[check](t, "feedparser_checks.jsonl")
	if len(recs) != 1336 {
		t.Errorf("%d feedparser records, want 1336", len(recs))
	}
}
