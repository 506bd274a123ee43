// Package remotetest gives tests the real feed-sync servers (FreshRSS,
// Miniflux and Tiny Tiny RSS, started on loopback by ../shared/servers/serve with an empty
// account), a loopback feed server for them to fetch, and a counting proxy
// to put between tidings and a server — as net/http/httptest gives
// servers.
package remotetest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The servers serve can start.
const (
	FreshRSS = "freshrss"
	Miniflux = "miniflux"
	TTRSS    = "ttrss"
)

// Server is one running feed-sync server with an empty account.
type Server struct {
	// Name is FreshRSS, Miniflux or TTRSS.
	Name string
	// GReaderURL is the root of its Google Reader API ("" for TT-RSS).
	GReaderURL string
	// MinifluxURL is the base of Miniflux's REST API ("" but for
	// Miniflux).
	MinifluxURL string
	// FeverURL is its Fever endpoint ("" for TT-RSS).
	FeverURL string
	// TTRSSURL is TT-RSS's base URL, its API at {TTRSSURL}/api/ ("" but
	// for TT-RSS).
	TTRSSURL string
	// User and Password open the account (web, Google Reader and REST).
	User, Password string
	script, dir    string
}

// ErrNoServers means ../shared/servers is absent: tests skip.
var ErrNoServers = errors.New("no feed-sync servers here")

// serveScriptEnv names the serve script when the repository is checked
// out elsewhere than beside ../shared (a git worktree, say).
const serveScriptEnv = "TIDINGS_SERVE_SCRIPT"

// serveScript finds ../shared/servers/serve from the repository's root,
// or takes $TIDINGS_SERVE_SCRIPT.
func serveScript() (string, error) {
	if s := os.Getenv(serveScriptEnv); s != "" {
		return s, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("remotetest: no go.mod above the test's folder")
		}
		dir = parent
	}
	script := filepath.Join(dir, "..", "shared", "servers", "serve")
	if _, err := os.Stat(script); err != nil {
		return "", fmt.Errorf("%w (%s is absent)", ErrNoServers, filepath.Clean(script))
	}
	return script, nil
}

// Start starts a fresh server of that name in a folder of its own (so
// tests of several packages run side by side). Stop it with Stop.
func Start(name string) (*Server, error) {
	script, err := serveScript()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "tidings-serve-")
	if err != nil {
		return nil, err
	}
	// PostgreSQL runs as its own user: it must reach its folder.
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	s := &Server{Name: name, script: script, dir: dir}
	out, err := s.serve("up")
	if err != nil {
		s.Stop()
		return nil, err
	}
	env := parseEnv(out)
	switch name {
	case FreshRSS:
		s.GReaderURL, s.User, s.Password = env["FRESHRSS_GREADER_URL"], env["FRESHRSS_USER"], env["FRESHRSS_PASSWORD"]
		s.FeverURL = env["FRESHRSS_FEVER_URL"]
	case Miniflux:
		s.GReaderURL, s.MinifluxURL = env["MINIFLUX_GREADER_URL"], env["MINIFLUX_URL"]
		s.User, s.Password = env["MINIFLUX_USER"], env["MINIFLUX_PASSWORD"]
		s.FeverURL = env["MINIFLUX_FEVER_URL"]
	case TTRSS:
		s.TTRSSURL, s.User, s.Password = env["TTRSS_URL"], env["TTRSS_USER"], env["TTRSS_PASSWORD"]
	}
	if s.GReaderURL == "" && s.TTRSSURL == "" || s.User == "" {
		s.Stop()
		return nil, fmt.Errorf("remotetest: serve up %s printed no URL or user", name)
	}
	return s, nil
}

// Stop stops the server and deletes its data.
func (s *Server) Stop() {
	s.serve("down")
	os.RemoveAll(s.dir)
}

// Up starts a server for one test and stops it when the test ends; it
// skips the test, in one line, when there are no servers here.
func Up(t testing.TB, name string) *Server {
	t.Helper()
	s, err := Start(name)
	if errors.Is(err, ErrNoServers) {
		t.Skipf("skipped: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// Pool starts each server once for a whole test binary, when a test
// first asks for it; TestMain calls Close after the tests ran.
type Pool struct {
	mu      sync.Mutex
	servers map[string]*Server
	errs    map[string]error
}

// Get returns the pool's server of that name, starting it when needed;
// it skips the test in one line when there are no servers here.
func (p *Pool) Get(t testing.TB, name string) *Server {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.servers == nil {
		p.servers, p.errs = map[string]*Server{}, map[string]error{}
	}
	if s, ok := p.servers[name]; ok {
		return s
	}
	err, tried := p.errs[name]
	if !tried {
		var s *Server
		if s, err = Start(name); err == nil {
			p.servers[name] = s
			return s
		}
		p.errs[name] = err
	}
	if errors.Is(err, ErrNoServers) {
		t.Skipf("skipped: %v", err)
	}
	t.Fatal(err)
	return nil
}

// Close stops every server the pool started.
func (p *Pool) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.servers {
		s.Stop()
	}
	p.servers = nil
}

// Refresh makes the server fetch every subscribed feed now.
func (s *Server) Refresh(t testing.TB) {
	t.Helper()
	if _, err := s.serve("refresh"); err != nil {
		t.Fatal(err)
	}
}

// serve runs the script with a verb on this server and returns stdout.
func (s *Server) serve(verb string) (string, error) {
	cmd := exec.Command(s.script, verb, s.Name)
	cmd.Env = append(os.Environ(), "SERVE_DIR="+s.dir)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("serve %s %s: %v\n%s", verb, s.Name, err, lastLines(errb.String(), 15))
	}
	return out.String(), nil
}

// Category makes a category titled title in TT-RSS's account, as its web
// interface would: TT-RSS's API makes none, and subscribes only into a
// category that exists. It does nothing when the category is there.
func (s *Server) Category(t testing.TB, title string) {
	t.Helper()
	if s.Name != TTRSS {
		t.Fatalf("remotetest: Category is for TT-RSS, not %s", s.Name)
	}
	port, err := os.ReadFile(filepath.Join(s.dir, s.Name, "pgport"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("runuser", "-u", "postgres", "--", "psql", "-q", "-v", "ON_ERROR_STOP=1", "-v", "title="+title,
		"-h", "127.0.0.1", "-p", strings.TrimSpace(string(port)), "-U", "postgres", "ttrss")
	cmd.Stdin = strings.NewReader(`insert into ttrss_feed_categories (owner_uid, title)
		select u.id, :'title' from ttrss_users u where u.login = :'user'
		and not exists (select 1 from ttrss_feed_categories c where c.owner_uid = u.id and c.title = :'title');`)
	cmd.Args = append(cmd.Args[:6], append([]string{"-v", "user=" + s.User}, cmd.Args[6:]...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("remotetest: make TT-RSS category %q: %v\n%s", title, err, out)
	}
}

// Log returns the server's log.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, s.Name, "server.log"))
	return string(b)
}

func parseEnv(out string) map[string]string {
	env := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "="); ok {
			env[k] = v
		}
	}
	return env
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
