"""Writes a CSV of about N MB by repeating a recording's rows with time still rising (bench input)."""
import sys

source, target, megabytes = sys.argv[1], sys.argv[2], float(sys.argv[3])
lines = open(source).read().splitlines()
header, rows = lines[0], [line for line in lines[1:] if line]
step = float(rows[1].split(",", 1)[0]) - float(rows[0].split(",", 1)[0])
written = 0
index = 0
with open(target, "w") as out:
    out.write(header + "\n")
    while written < megabytes * 1e6:
        for row in rows:
            line = "%.4f,%s\n" % (index * step, row.split(",", 1)[1])
            out.write(line)
            written += len(line)
            index += 1
