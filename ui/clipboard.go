package ui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	osc52 "github.com/aymanbagabas/go-osc52/v2"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize"
)

// copier returns the default Options.Copy: it puts s on a clipboard and
// says which, so the status line can tell the truth:
//   - inside tmux, the tmux buffer (load-buffer -w also hands it to the
//     outer terminal's clipboard where tmux's set-clipboard allows); an
//     OSC 52 sequence would be dropped by tmux's default settings;
//   - else, with a display, a clipboard program that says it succeeded
//     (wl-copy, xclip, xsel, pbcopy);
//   - else an OSC 52 sequence to term, which cannot confirm it.
//
// s is copied as one line without a control, whichever the clipboard: a
// pasted escape (ESC[201~ ends a shell's bracketed paste) or line break
// would run in the shell it is pasted into. The OSC 52 sequence takes the
// raw path past term's filter; its payload is that text in base64.
func copier(term *sanitize.TerminalWriter) func(string) (string, error) {
	return func(s string) (string, error) {
		s = oneLine(s)
		if os.Getenv("TMUX") != "" {
			err := tmuxLoadBuffer(s, "-w")
			if err != nil {
				err = tmuxLoadBuffer(s) // tmux before 3.2 has no -w
			}
			if err == nil {
				return "tmux buffer", nil
			}
			return "", fmt.Errorf("tmux load-buffer: %w", err)
		}
		if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" || os.Getenv("TERM_PROGRAM") == "Apple_Terminal" {
			if name, err := copyProgram(s); err == nil {
				return name, nil
			}
		}
		if term == nil {
			return "", errors.New("no clipboard program worked, and no terminal for OSC 52")
		}
		if _, err := osc52.New(s).WriteTo(sanitize.RawTerminal(term)); err != nil {
			return "", fmt.Errorf("OSC 52: %w", err)
		}
		return "terminal clipboard (OSC 52)", nil
	}
}

// tmuxLoadBuffer hands s to the tmux server this process runs in.
func tmuxLoadBuffer(s string, flags ...string) error {
	if err := config.CheckProgram("tmux"); err != nil {
		return err
	}
	args := append(append([]string{"load-buffer"}, flags...), "-")
	cmd := exec.Command("tmux", args...)
	cmd.Stdin = strings.NewReader(s)
	if out, err := cmd.CombinedOutput(); err != nil {
		if msg := oneLine(string(out)); msg != "" {
			return fmt.Errorf("%w: %s", err, msg)
		}
		return err
	}
	return nil
}

// copyProgram runs the first clipboard program found that
// config.CheckProgram allows; a refusal is the error when none worked.
func copyProgram(s string) (string, error) {
	failed := errors.New("no clipboard program worked")
	for _, c := range [][]string{{"wl-copy"}, {"xclip", "-selection", "clipboard"}, {"xsel", "-ib"}, {"pbcopy"}} {
		if _, err := exec.LookPath(c[0]); err != nil {
			continue
		}
		if err := config.CheckProgram(c[0]); err != nil {
			failed = err
			continue
		}
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Stdin = strings.NewReader(s)
		if cmd.Run() == nil {
			return "clipboard (" + c[0] + ")", nil
		}
	}
	return "", failed
}
