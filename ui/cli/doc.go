// Package cli is tidings' command line (cobra): the headless commands for
// scripts and cron, and the entry to the interactive reader.
//
// It may import config, store, engine (and its subpackages), sanitize and
// ui; nothing imports it but main. It validates no bound and touches no
// file itself: subscribing, unsubscribing, settings, marks and refreshes
// are the engine's actions, shared with the reader.
//
// Everything it prints goes out through one door: [Run] wraps stdout and
// stderr once in a sanitize.TerminalWriter, which drops every control
// whatever a value's origin. Only the reader's renderer, its OSC 52
// clipboard write and sync's progress line take that writer's raw path,
// with sequences of their own; a test of the source holds every other
// package to the door.
package cli
