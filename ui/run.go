package ui

import (
	"context"
	"errors"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

// Run opens the reader on the terminal (alternate screen, mouse) and
// returns when the user quits or ctx ends. Options.Context is set to ctx;
// NO_COLOR (any value) sets Options.NoColor; a nil Options.Renderer is one
// for stdout.
func Run(ctx context.Context, o Options) error {
	o.Context = ctx
	if os.Getenv("NO_COLOR") != "" {
		o.NoColor = true
	}
	if o.Renderer == nil {
		o.Renderer = NewRenderer(os.Stdout, o.NoColor)
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
