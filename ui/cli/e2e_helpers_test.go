package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// binPath is the tidings binary that TestMain builds once for the
// end-to-end tests, which drive it exactly as a user or a script would.
var binPath string

func TestMain(m *testing.M) {
	if out := os.Getenv(measureEnv); out != "" {
		os.Exit(measureChild(out, os.Args[1:]))
	}
	flag.Parse()
	raiseParallel()
	dir, err := os.MkdirTemp("", "tidings-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binPath = filepath.Join(dir, "tidings")
	build := exec.Command("go", "build", "-o", binPath, "github.com/tidings-rss/tidings")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build tidings:", err)
		os.Exit(1)
	}
	code := m.Run()
	servers.Close()
	os.RemoveAll(dir)
	os.Exit(code)
}

// e2eParallel is how many parallel tests run at once unless -parallel
// says otherwise. The end-to-end tests spend their time waiting (on child
// processes, loopback servers, the token bucket, a busy or response
// timeout), not computing, so more of them than there are CPUs overlap
// their waits; go test's default is GOMAXPROCS.
const e2eParallel = 8

// raiseParallel sets -parallel to e2eParallel when the command line did
// not set it.
func raiseParallel() {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(max(e2eParallel, runtime.GOMAXPROCS(0))))
	}
}

// user is one person's tidings: their own config and data folders.
type user struct {
	t    testing.TB
	home string
	env  []string
}

func newUser(t testing.TB) *user {
	t.Helper()
	home := t.TempDir()
	u := &user{t: t, home: home}
	u.env = append(os.Environ(),
		"HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"XDG_DATA_HOME="+filepath.Join(home, "data"),
	)
	return u
}

// result is what one run of the binary did.
type result struct {
	stdout, stderr string
	code           int
}

// run runs tidings with args and returns its output and exit status.
func (u *user) run(args ...string) result {
	u.t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = u.env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		u.t.Fatalf("run tidings %v: %v", args, err)
	}
	return result{stdout: out.String(), stderr: errb.String(), code: code}
}

// ok runs tidings and fails the test unless it exits 0.
func (u *user) ok(args ...string) string {
	u.t.Helper()
	r := u.run(args...)
	if r.code != 0 {
		u.t.Fatalf("tidings %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r.stdout
}

// add subscribes to a URL and returns the id tidings printed.
func (u *user) add(url string, extra ...string) string {
	u.t.Helper()
	return strings.TrimSpace(u.ok(append([]string{"add", url}, extra...)...))
}

// feeds returns 'tidings feeds --json' decoded.
func (u *user) feeds() []map[string]any {
	u.t.Helper()
	var out []map[string]any
	if err := json.Unmarshal([]byte(u.ok("feeds", "--json")), &out); err != nil {
		u.t.Fatalf("feeds --json: %v", err)
	}
	return out
}

// items returns 'tidings items --json ARGS' decoded.
func (u *user) items(args ...string) []map[string]any {
	u.t.Helper()
	var out []map[string]any
	if err := json.Unmarshal([]byte(u.ok(append([]string{"items", "--json"}, args...)...)), &out); err != nil {
		u.t.Fatalf("items --json: %v", err)
	}
	return out
}

// writeConfig writes the user's config.toml.
func (u *user) writeConfig(body string) {
	u.t.Helper()
	dir := filepath.Join(u.home, "config", "tidings")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		u.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(body), 0o644); err != nil {
		u.t.Fatal(err)
	}
}

// feedServer serves documents by path on loopback and records requests.
type feedServer struct {
	*httptest.Server
	mu       sync.Mutex
	docs     map[string]doc
	requests []*http.Request
}

// doc is one served document.
type doc struct {
	body        []byte
	contentType string
	status      int
	header      http.Header
}

func newFeedServer(t *testing.T) *feedServer {
	t.Helper()
	fs := &feedServer{docs: map[string]doc{}}
	fs.Server = httptest.NewServer(http.HandlerFunc(fs.serve))
	t.Cleanup(fs.Close)
	return fs
}

func (fs *feedServer) serve(w http.ResponseWriter, r *http.Request) {
	fs.mu.Lock()
	fs.requests = append(fs.requests, r.Clone(r.Context()))
	d, ok := fs.docs[r.URL.Path]
	fs.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	for k, v := range d.header {
		w.Header()[k] = v
	}
	if d.contentType != "" {
		w.Header().Set("Content-Type", d.contentType)
	}
	if d.status != 0 {
		w.WriteHeader(d.status)
	}
	w.Write(d.body)
}

// set serves body at path.
func (fs *feedServer) set(path string, body []byte) {
	fs.setDoc(path, doc{body: body, contentType: "application/xml"})
}

// setDoc serves d at path.
func (fs *feedServer) setDoc(path string, d doc) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.docs[path] = d
}

// lastRequest returns the most recent request received.
func (fs *feedServer) lastRequest() *http.Request {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.requests[len(fs.requests)-1]
}

// setFile serves a file of testdata/feeds at path.
func (fs *feedServer) setFile(t *testing.T, path, name string) {
	t.Helper()
	body, err := os.ReadFile(repoFile(t, "engine/feed/testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	fs.set(path, body)
}

func (fs *feedServer) requestCount(path string) int {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	n := 0
	for _, r := range fs.requests {
		if r.URL.Path == path {
			n++
		}
	}
	return n
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// repoFile is the path of a file of the repository, given relative to its
// root (the folder holding go.mod), so fixtures are found wherever the
// test runs from.
func repoFile(t *testing.T, elem ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(append([]string{dir}, elem...)...)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
