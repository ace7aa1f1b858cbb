#!/bin/bash
# A validator command for the suite's own tests: sends the record file to a validator the test serves
# on loopback and exits as DESIGN.md says (0 valid, 1 invalid, 3 broke). Only bash builtins run here
# (/dev/tcp, read, printf), so a call costs a few milliseconds where a Node process costs tens, and a
# test can afford the whole corpus against many validators. Usage: tcp-validator.sh PORT NAME FILE
# Protocol: "NAME LENGTH\n" then LENGTH bytes of record; the answer is one line: valid|invalid|broke.
export LC_ALL=C # ${#body} counts bytes, not characters
exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 3
body=$(<"$3")
printf '%s %d\n%s' "$2" "${#body}" "$body" >&3
read -r answer <&3
case "$answer" in
  valid) exit 0 ;;
  invalid) exit 1 ;;
  *) exit 3 ;;
esac
