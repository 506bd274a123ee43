// Command tidings is a terminal feed reader with a polite download engine
// modelled on the Windows RSS Platform's Feed Download Engine.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/tidings-rss/tidings/ui/cli"
)

// version is set at build time (-ldflags "-X main.version=…").
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, version, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
