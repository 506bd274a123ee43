package fetch

import "context"

// acceptKey is the context key of an Accept header.
type acceptKey struct{}

// WithAccept returns a context whose requests through the door send accept
// as their Accept header instead of the feeds' one: a web page's request
// asks for HTML. Everything else about the request — the bucket, the
// limits, the body cap, the redirects — is the door's as ever.
func WithAccept(ctx context.Context, accept string) context.Context {
	return context.WithValue(ctx, acceptKey{}, accept)
}

// acceptOf returns the Accept header ctx carries, or "".
func acceptOf(ctx context.Context) string {
	a, _ := ctx.Value(acceptKey{}).(string)
	return a
}
