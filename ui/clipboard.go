package ui

import (
	"os"
	"os/exec"
	"strings"

	osc52 "github.com/aymanbagabas/go-osc52/v2"
)

// copyOSC52 puts s on the clipboard: through a clipboard program when one
// is installed (wl-copy, xclip, xsel, pbcopy), else with an OSC 52
// sequence on stderr, which terminals (and tmux with set-clipboard on)
// pass to the system clipboard.
func copyOSC52(s string) error {
	for _, c := range [][]string{{"wl-copy"}, {"xclip", "-selection", "clipboard"}, {"xsel", "-ib"}, {"pbcopy"}} {
		if _, err := exec.LookPath(c[0]); err != nil {
			continue
		}
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Stdin = strings.NewReader(s)
		if cmd.Run() == nil {
			return nil
		}
	}
	seq := osc52.New(s)
	if os.Getenv("TMUX") != "" {
		seq = seq.Tmux()
	}
	_, err := seq.WriteTo(os.Stderr)
	return err
}
