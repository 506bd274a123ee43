package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// roundTimeout bounds one client's round: a stuck client fails the
// benchmark instead of hanging it.
const roundTimeout = 15 * time.Minute

// usage is what one run of a client cost, measured from outside: the
// child's user+system CPU and peak resident set (wait4's rusage, taken by
// the meter), the wall time, and the bytes the farm sent it.
type usage struct {
	CPU, Wall time.Duration
	PeakRSS   int64 // bytes
	Bytes     int64
}

// runMeasured runs cmd to its end through farm's meter and measures it
// against farm's bytes.
func runMeasured(farm *feedFarm, cmd *exec.Cmd) (usage, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out := filepath.Join(farm.scratch, "rusage")
	os.Remove(out)
	metered(cmd, farm.meter, out)
	farm.resetCounts()
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	client := filepath.Base(cmd.Args[2])
	if err != nil {
		return usage{}, fmt.Errorf("%s: %w: %s", client, err, firstLines(stderr.String(), 5))
	}
	if s := strings.TrimSpace(stderr.String()); s != "" {
		return usage{}, fmt.Errorf("%s: stderr: %s", client, firstLines(s, 5))
	}
	peak, cpu, err := readMeter(out)
	if err != nil {
		return usage{}, fmt.Errorf("%s: %w", client, err)
	}
	sent, _ := farm.counts()
	return usage{CPU: cpu, Wall: wall, PeakRSS: peak, Bytes: sent}, nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], " | ")
}

// syncClient is a feed reader under measurement: subscribed once, then
// asked for one round of downloads at a time.
type syncClient interface {
	name() string
	// round downloads every feed once (the first round finds all new).
	round(ctx context.Context, farm *feedFarm) (usage, error)
}

// tidingsClient is the tidings binary with its own home: the farm's feeds
// imported from OPML, an unthrottled bucket, 4 downloads in flight.
type tidingsClient struct {
	env    []string
	rounds int
}

func newTidingsClient(tb testing.TB, farm *feedFarm) (*tidingsClient, error) {
	home := tb.TempDir()
	c := &tidingsClient{env: append(os.Environ(), "HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_DATA_HOME="+filepath.Join(home, "data"))}
	cfg := filepath.Join(home, "config", "tidings", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(cfg, []byte("[sync]\ndownload_threads = 4\nbucket_refill_per_second = 0\n"), 0o644); err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><opml version="2.0"><head><title>farm</title></head><body>`)
	for _, f := range farm.feeds {
		fmt.Fprintf(&b, `<outline type="rss" text="Farm feed %d" xmlUrl="%s"/>`, f.index, f.url)
	}
	b.WriteString("</body></opml>\n")
	opmlPath := filepath.Join(home, "farm.opml")
	if err := os.WriteFile(opmlPath, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	if out, err := c.command(context.Background(), "import", opmlPath).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("tidings import: %w: %s", err, out)
	}
	return c, nil
}

func (c *tidingsClient) name() string { return "tidings" }

func (c *tidingsClient) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, binPath, args...)
	cmd.Env = c.env
	return cmd
}

// round is 'tidings sync' the first time (every feed is due), then
// 'tidings sync --force' (due or not).
func (c *tidingsClient) round(ctx context.Context, farm *feedFarm) (usage, error) {
	ctx, cancel := context.WithTimeout(ctx, roundTimeout)
	defer cancel()
	args := []string{"sync"}
	if c.rounds > 0 {
		args = append(args, "--force")
	}
	c.rounds++
	return runMeasured(farm, c.command(ctx, args...))
}

// itemCount is the number of items tidings holds.
func (c *tidingsClient) itemCount() (int, error) {
	out, err := c.command(context.Background(), "feeds", "--json").Output()
	if err != nil {
		return 0, fmt.Errorf("tidings feeds: %w", err)
	}
	var feeds []struct {
		ItemCount int `json:"item_count"`
	}
	if err := json.Unmarshal(out, &feeds); err != nil {
		return 0, fmt.Errorf("tidings feeds: %w", err)
	}
	n := 0
	for _, f := range feeds {
		n += f.ItemCount
	}
	return n, nil
}

// newsboatClient is newsboat reloading headless (-x reload) with its own
// home, urls file and cache, 4 reload threads.
type newsboatClient struct {
	home string
}

// newsboatPath is newsboat's path, "" when it is not installed.
func newsboatPath() string {
	p, err := exec.LookPath("newsboat")
	if err != nil {
		return ""
	}
	return p
}

func newNewsboatClient(tb testing.TB, farm *feedFarm) (*newsboatClient, error) {
	c := &newsboatClient{home: tb.TempDir()}
	var urls strings.Builder
	for _, f := range farm.feeds {
		urls.WriteString(f.url + "\n")
	}
	if err := os.WriteFile(filepath.Join(c.home, "urls"), []byte(urls.String()), 0o644); err != nil {
		return nil, err
	}
	return c, os.WriteFile(filepath.Join(c.home, "config"), []byte("reload-threads 4\n"), 0o644)
}

func (c *newsboatClient) name() string { return "newsboat" }

func (c *newsboatClient) round(ctx context.Context, farm *feedFarm) (usage, error) {
	ctx, cancel := context.WithTimeout(ctx, roundTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, newsboatPath(), "-q", "-x", "reload",
		"-u", filepath.Join(c.home, "urls"), "-c", filepath.Join(c.home, "cache.db"), "-C", filepath.Join(c.home, "config"))
	cmd.Dir = c.home
	cmd.Env = append(os.Environ(), "HOME="+c.home, "TERM=dumb")
	return runMeasured(farm, cmd)
}
