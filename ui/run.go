package ui

import (
	"context"
	"errors"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/sanitize"
)

// Run opens the reader on the terminal (alternate screen, mouse) and
// returns when the user quits or ctx ends. Options.Context is set to ctx;
// NO_COLOR (any value) sets Options.NoColor; Options.Hyperlinks is
// ui.hyperlinks where the terminal shows them (hyperlinkTerminal). Options.Output is required:
// Bubble Tea draws its frames on its raw path (the frames carry the
// styles' escapes; every dynamic string in them was cleaned where it is
// drawn), and a nil Options.Renderer is one for that stream.
func Run(ctx context.Context, o Options) error {
	if o.Output == nil {
		return errors.New("the reader needs a terminal to draw on")
	}
	o.Context = ctx
	if os.Getenv("NO_COLOR") != "" {
		o.NoColor = true
	}
	o.Hyperlinks = o.Config.UI.Hyperlinks && hyperlinkTerminal(os.Getenv)
	screen := sanitize.RawTerminal(o.Output)
	if o.Renderer == nil {
		o.Renderer = NewRenderer(screen, o.NoColor)
	}
	// Ask the terminal for its background now, before Bubble Tea reads
	// stdin: once it does, it can swallow the answer and the query then
	// stalls the first frame until termenv's timeout.
	o.Renderer.HasDarkBackground()
	m := New(o)
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithContext(ctx), tea.WithOutput(screen),
		tea.WithFPS(frameRate))
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	go watchHeldFrame(watchCtx, m.frame, quietRepaint, time.After, p.Send)
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil
	}
	return err
}
