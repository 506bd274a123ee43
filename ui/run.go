package ui

import (
	"context"
	"errors"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

// Run opens the reader on the terminal (alternate screen, mouse) and
// returns when the user quits or ctx ends. Options.Context is set to ctx;
// a nil Options.Renderer is one for stdout that honours NO_COLOR.
func Run(ctx context.Context, o Options) error {
	o.Context = ctx
	if o.Renderer == nil {
		o.Renderer = NewRenderer(os.Stdout, os.Getenv("NO_COLOR") != "")
	}
	// Ask the terminal for its background now, before Bubble Tea reads
	// stdin: once it does, it can swallow the answer and the query then
	// stalls the first frame until termenv's timeout.
	o.Renderer.HasDarkBackground()
	p := tea.NewProgram(New(o), tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithContext(ctx))
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil
	}
	return err
}
