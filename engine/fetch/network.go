package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/http/httptrace"
	"os"
	"sync/atomic"
	"syscall"
)

// IsNetworkError reports whether err means that the request reached no
// server: the name did not resolve, there was no route, the network or
// host was unreachable, the connection was refused, or connecting timed
// out. An HTTP status, a body that is not a feed, a TLS failure after
// connecting or a cancellation is not one. A *DownloadError carries the
// verdict its request made (it knows whether a connection was ever
// established); any other error is judged by its chain alone.
func IsNetworkError(err error) bool {
	if err == nil {
		return false
	}
	var de *DownloadError
	if errors.As(err, &de) {
		return de.Network
	}
	return unreached(err, false)
}

// IsCertificateError reports whether err is a TLS certificate that did not
// verify: on one host, that host's problem; from every host at once, a
// network in the middle (a captive portal answering for everyone).
func IsCertificateError(err error) bool {
	var (
		verify  *tls.CertificateVerificationError
		unknown x509.UnknownAuthorityError
		name    x509.HostnameError
		invalid x509.CertificateInvalidError
	)
	return errors.As(err, &verify) || errors.As(err, &unknown) || errors.As(err, &name) || errors.As(err, &invalid)
}

// unreached judges a failed exchange: connected says whether a connection
// to a server was ever established on the way.
func unreached(err error, connected bool) bool {
	if connected || errors.Is(err, context.Canceled) {
		return false
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return true
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	for _, errno := range []syscall.Errno{syscall.ECONNREFUSED, syscall.ENETUNREACH, syscall.EHOSTUNREACH,
		syscall.ENETDOWN, syscall.EHOSTDOWN, syscall.ETIMEDOUT} {
		if errors.Is(err, errno) {
			return true
		}
	}
	// A timeout before any connection: connecting timed out.
	var timeout interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.As(err, &timeout) && timeout.Timeout()
}

// connectTrace records whether a request got a connection to a server (a
// new one that connected, or one reused).
type connectTrace struct{ connected atomic.Bool }

// with returns ctx carrying the trace.
func (t *connectTrace) with(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		ConnectDone: func(_, _ string, err error) {
			if err == nil {
				t.connected.Store(true)
			}
		},
		GotConn: func(httptrace.GotConnInfo) { t.connected.Store(true) },
	})
}
