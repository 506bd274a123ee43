//go:build !unix

package cmdfeed

import "context"

// Run fails: without process groups a command's children could not all
// be stopped, so command feeds run on Unix only.
func Run(_ context.Context, _ []string, _ []byte, _ Limits) ([]byte, error) {
	return nil, ErrUnsupported
}
