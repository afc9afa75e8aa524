// The cold-start baseline of `make bench`: a static Swift hello world, built in the same run.
print("hi")
