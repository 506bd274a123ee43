//go:build unix

package cmdfeed

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/tidings-rss/tidings/config"
)

// readGrace is how long the output is still read once the command's
// process group is gone: only a process that left the group (setsid) can
// hold the pipes longer, and its output is not waited for.
const readGrace = 2 * time.Second

// Run runs argv — a program and its arguments, no shell — once
// config.CheckProgram allows the program, with stdin as its standard
// input (nil: an empty one), and returns what it wrote on stdout.
//
// The command runs in a process group of its own. When it runs past
// lim.Timeout, writes more than lim.MaxBytes, or ctx ends, the whole
// group is killed (SIGKILL) and Run fails; when it ends on its own, what
// is left of its group (a background child) is killed too, so a run
// leaves no process behind. A non-zero exit is an *ExitError quoting the
// first line of stderr. Every error is one line.
func Run(ctx context.Context, argv []string, stdin []byte, lim Limits) ([]byte, error) {
	if len(argv) == 0 {
		return nil, errors.New("empty command")
	}
	if lim.Timeout <= 0 || lim.MaxBytes <= 0 {
		return nil, fmt.Errorf("command limits %+v: both must be above 0", lim)
	}
	if err := config.CheckProgram(argv[0]); err != nil {
		return nil, err
	}
	p, err := openPipes()
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", argv[0], err)
	}
	defer p.closeAll()
	cmd := exec.Command(argv[0], argv[1:]...) // not CommandContext: the group is killed here
	cmd.Stdin, cmd.Stdout, cmd.Stderr = p.inR, p.outW, p.errW
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err // exec: "x": executable file not found in $PATH
	}
	p.closeChildEnds()
	return supervise(ctx, cmd, p, stdin, lim)
}

// supervise feeds the command its input, collects its output and kills
// its process group once it ends or must end.
func supervise(ctx context.Context, cmd *exec.Cmd, p *pipes, stdin []byte, lim Limits) ([]byte, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, lim.Timeout, ErrTimeout)
	defer cancel()
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	pgid := cmd.Process.Pid
	go func() {
		p.inW.Write(stdin) // EPIPE when the command reads not all of it
		p.inW.Close()
	}()
	out := &cappedBuffer{max: lim.MaxBytes}
	errs := &cappedBuffer{max: stderrKept}
	var readers sync.WaitGroup
	readers.Go(func() { out.readFrom(p.outR, func() { stop(ErrTooLarge) }) })
	readers.Go(func() { errs.readFrom(p.errR, func() {}) })
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var werr, killed error
	select {
	case werr = <-waited:
	case <-ctx.Done():
		killed = context.Cause(ctx)
		syscall.Kill(-pgid, syscall.SIGKILL)
		werr = <-waited
	}
	syscall.Kill(-pgid, syscall.SIGKILL) // what it left running in its group
	drain(&readers, p)
	switch {
	case out.over || errors.Is(killed, ErrTooLarge):
		return nil, limitError(ErrTooLarge, lim)
	case errors.Is(killed, ErrTimeout):
		return nil, limitError(ErrTimeout, lim)
	case killed != nil:
		return nil, fmt.Errorf("command stopped: %w", killed)
	case werr != nil:
		if ee, ok := errors.AsType[*exec.ExitError](werr); ok {
			return nil, exitError(ee.ProcessState.String(), errs.buf.Bytes())
		}
		return nil, werr
	}
	return out.buf.Bytes(), nil
}

// drain waits for the readers to reach the end of the pipes, and stops
// them after readGrace when a process outside the group still holds one.
func drain(readers *sync.WaitGroup, p *pipes) {
	done := make(chan struct{})
	go func() {
		readers.Wait()
		close(done)
	}()
	t := time.NewTimer(readGrace)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		p.outR.Close()
		p.errR.Close()
		<-done
	}
}

// pipes are the command's three standard files: the child's ends (inR,
// outW, errW) and tidings' ends.
type pipes struct {
	inR, inW, outR, outW, errR, errW *os.File
}

func openPipes() (*pipes, error) {
	p := &pipes{}
	var err error
	if p.inR, p.inW, err = os.Pipe(); err != nil {
		return nil, err
	}
	if p.outR, p.outW, err = os.Pipe(); err != nil {
		p.closeAll()
		return nil, err
	}
	if p.errR, p.errW, err = os.Pipe(); err != nil {
		p.closeAll()
		return nil, err
	}
	return p, nil
}

// closeChildEnds closes this process's copies of the child's ends, so
// that the readers see the end of output once the child's group is gone.
func (p *pipes) closeChildEnds() {
	for _, f := range []*os.File{p.inR, p.outW, p.errW} {
		f.Close()
	}
}

// closeAll closes every end still open.
func (p *pipes) closeAll() {
	for _, f := range []*os.File{p.inR, p.inW, p.outR, p.outW, p.errR, p.errW} {
		if f != nil {
			f.Close()
		}
	}
}
