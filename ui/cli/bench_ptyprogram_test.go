package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// ptyChunk is one read of what a program wrote, and when it was read.
type ptyChunk struct {
	b  []byte
	at time.Time
}

// ptyProgram is a program running in a pseudo-terminal, the screen it has
// drawn so far, and the terminal's answers to its queries.
type ptyProgram struct {
	cmd    *exec.Cmd
	master *os.File
	out    chan ptyChunk
	scr    *screen
	// queries is the output not yet searched for queries (answerQueries).
	queries []byte
}

// startInPTY starts cmd in a rows×cols pseudo-terminal of its own (a new
// session whose controlling terminal it is).
func startInPTY(cmd *exec.Cmd, rows, cols uint16) (*ptyProgram, error) {
	master, slave, err := openPTY(rows, cols)
	if err != nil {
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		slave.Close()
		master.Close()
		return nil, fmt.Errorf("start %s: %w", cmd.Path, err)
	}
	slave.Close()
	p := &ptyProgram{cmd: cmd, master: master, out: make(chan ptyChunk, 256), scr: newScreen(int(rows), int(cols))}
	go p.read()
	return p, nil
}

// read copies what the program writes to p.out, stamped, until the pty
// closes.
func (p *ptyProgram) read() {
	defer close(p.out)
	for {
		buf := make([]byte, 32*1024)
		n, err := p.master.Read(buf)
		if n > 0 {
			p.out <- ptyChunk{b: buf[:n], at: time.Now()}
		}
		if err != nil {
			return
		}
	}
}

// stop kills the program and waits for it.
func (p *ptyProgram) stop() {
	p.cmd.Process.Kill()
	p.cmd.Wait()
	p.master.Close()
	for range p.out {
	}
}

// press writes keys to the terminal.
func (p *ptyProgram) press(keys string) error {
	if _, err := p.master.Write([]byte(keys)); err != nil {
		return fmt.Errorf("press %q: %w", keys, err)
	}
	return nil
}

// apply draws a chunk on the screen and answers the queries it holds.
func (p *ptyProgram) apply(ch ptyChunk) {
	p.scr.write(ch.b)
	p.queries = append(p.queries, ch.b...)
	done := 0
	answerQueries(p.master, p.queries, &done)
	// Keep what may be the start of a query split over two reads.
	p.queries = p.queries[max(done, len(p.queries)-16):]
}

// errExited is a program that ended while the benchmark waited on it.
var errExited = errors.New("the program exited")

// waitFor reads the program's output until cond holds of its screen and
// returns when the read that made it hold came; at most limit.
func (p *ptyProgram) waitFor(ctx context.Context, limit time.Duration, what string, cond func(*screen) bool) (time.Time, error) {
	if cond(p.scr) {
		return time.Now(), nil
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	// cond may hold of more than the screen (the farm's answers): it is
	// asked again every 10 ms as well.
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case now := <-tick.C:
			if cond(p.scr) {
				return now, nil
			}
		case <-ctx.Done():
			return time.Time{}, fmt.Errorf("waiting for %s: %w", what, ctx.Err())
		case <-timer.C:
			return time.Time{}, fmt.Errorf("no %s within %v; the screen:\n%s", what, limit, p.scr)
		case ch, ok := <-p.out:
			if !ok {
				return time.Time{}, fmt.Errorf("waiting for %s: %w", what, p.exited())
			}
			p.apply(ch)
			if cond(p.scr) {
				return ch.at, nil
			}
		}
	}
}

// exited is errExited with how the program ended and its last screen.
func (p *ptyProgram) exited() error {
	how := "exit status 0"
	if err := p.cmd.Wait(); err != nil {
		how = err.Error()
	}
	return fmt.Errorf("%w (%s); its last screen:\n%s", errExited, how, p.scr)
}

// idle keeps reading (and answering) for d.
func (p *ptyProgram) idle(ctx context.Context, d time.Duration) error {
	_, err := p.waitFor(ctx, d, "", func(*screen) bool { return false })
	if errors.Is(err, errExited) || ctx.Err() != nil {
		return err
	}
	return nil
}
