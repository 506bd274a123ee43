package cli

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	// The "sqlite3" driver (registered on import), to look into a user's database.
	"github.com/mattn/go-sqlite3"

	"github.com/tidings-rss/tidings/store"
)

// deadline bounds every wait of these tests on a process or a server, so
// that a bug fails a test instead of hanging it; correct code never comes
// near it.
const deadline = 90 * time.Second

// proc is a tidings process running in the background.
type proc struct {
	t         testing.TB
	cmd       *exec.Cmd
	out, errb bytes.Buffer
	done      chan struct{}
	res       result
}

// start runs tidings with args in the background.
func (u *user) start(args ...string) *proc {
	u.t.Helper()
	p := &proc{t: u.t, cmd: exec.Command(binPath, args...), done: make(chan struct{})}
	p.cmd.Env = u.env
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.errb
	if err := p.cmd.Start(); err != nil {
		u.t.Fatalf("start tidings %v: %v", args, err)
	}
	go func() {
		defer close(p.done)
		err := p.cmd.Wait()
		p.res = result{stdout: p.out.String(), stderr: p.errb.String(), code: p.cmd.ProcessState.ExitCode()}
		if ee, ok := err.(*exec.ExitError); ok && !ee.Exited() {
			p.res.code = -1 // killed by a signal
		}
	}()
	u.t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	return p
}

// pid is the process id.
func (p *proc) pid() int { return p.cmd.Process.Pid }

// kill sends SIGKILL and waits for the process to be gone.
func (p *proc) kill() {
	p.t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		p.t.Fatalf("kill %d: %v", p.pid(), err)
	}
	p.wait()
}

// wait waits for the process to end and returns what it did.
func (p *proc) wait() result {
	p.t.Helper()
	select {
	case <-p.done:
		return p.res
	case <-time.After(deadline):
		p.t.Fatalf("tidings %v still running after %s", p.cmd.Args[1:], deadline)
		return result{}
	}
}

// gate holds the requests that reach it until it is opened, and tells of
// each arrival.
type gate struct {
	open    chan struct{}
	once    sync.Once
	arrived chan string
}

func newGate() *gate {
	return &gate{open: make(chan struct{}), arrived: make(chan string, 1024)}
}

// hold announces the request for path and waits until the gate opens or
// the client goes away.
func (g *gate) hold(path string, done <-chan struct{}) {
	g.arrived <- path
	select {
	case <-g.open:
	case <-done:
	}
}

// release opens the gate for good.
func (g *gate) release() { g.once.Do(func() { close(g.open) }) }

// await waits for n arrivals and returns their paths.
func (g *gate) await(t *testing.T, n int) []string {
	t.Helper()
	var paths []string
	timeout := time.After(deadline)
	for len(paths) < n {
		select {
		case p := <-g.arrived:
			paths = append(paths, p)
		case <-timeout:
			t.Fatalf("%d of %d requests arrived within %s", len(paths), n, deadline)
		}
	}
	return paths
}

// dbPath is the user's database.
func (u *user) dbPath() string {
	return filepath.Join(u.home, "data", "tidings", "tidings.db")
}

// query runs a query on the user's database (no tidings running on it
// must be writing meanwhile for the answer to mean anything) and returns
// each row's columns joined by "|".
func (u *user) query(q string, args ...any) []string {
	u.t.Helper()
	db := openWithFunctions("file:" + u.dbPath() + "?_busy_timeout=30000")
	defer db.Close()
	rows, err := db.Query(q, args...)
	if err != nil {
		u.t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			u.t.Fatal(err)
		}
		var b bytes.Buffer
		for i, v := range vals {
			if i > 0 {
				b.WriteByte('|')
			}
			if raw, ok := v.([]byte); ok {
				v = string(raw)
			}
			fmt.Fprint(&b, v)
		}
		out = append(out, b.String())
	}
	if err := rows.Err(); err != nil {
		u.t.Fatal(err)
	}
	return out
}

// integrity is PRAGMA integrity_check of the user's database ("ok").
func (u *user) integrity() string {
	u.t.Helper()
	rows := u.query(`PRAGMA integrity_check`)
	return fmt.Sprint(rows)
}

// openWithFunctions opens a database through go-sqlite3 with the SQL
// functions tidings' full-text index reads words through (html_text,
// title_text), as any program must that checks the index.
func openWithFunctions(dsn string) *sql.DB {
	drv := &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		if err := c.RegisterFunc("title_text", store.TitleText, true); err != nil {
			return err
		}
		return c.RegisterFunc("html_text", store.HTMLText, true)
	}}
	return sql.OpenDB(dsnConnector{dsn: dsn, drv: drv})
}

// dsnConnector opens connections of one DSN with one driver.
type dsnConnector struct {
	dsn string
	drv *sqlite3.SQLiteDriver
}

func (c dsnConnector) Connect(context.Context) (driver.Conn, error) { return c.drv.Open(c.dsn) }
func (c dsnConnector) Driver() driver.Driver                        { return c.drv }
