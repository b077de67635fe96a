"""Writes an Apple Health export.xml of about SIZE_MB megabytes (heart rate every few minutes,
daily HRV, resting heart rate, sleep stages and active energy), for `make bench`.
Usage: health_export.py OUT SIZE_MB"""
import datetime
import random
import sys

out, size_mb = sys.argv[1], float(sys.argv[2])
random.seed(3)
start = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))


def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S %z")


def record(kind, unit, begin, end, value, extra=""):
    return (f' <Record type="{kind}" sourceName="Jane&apos;s Apple Watch" sourceVersion="10.1" '
            f'device="&lt;&lt;HKDevice: 0x283ac8f00&gt;, name:Apple Watch&gt;" unit="{unit}" '
            f'creationDate="{stamp(end)}" startDate="{stamp(begin)}" endDate="{stamp(end)}" '
            f'value="{value}"{extra}/>\n')


with open(out, "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n'
            '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout)*)>\n'
            '<!ATTLIST HealthData locale CDATA #REQUIRED>\n]>\n<HealthData locale="en_GB">\n'
            f' <ExportDate value="{stamp(start)}"/>\n')
    day = 0
    while f.tell() < size_mb * 1e6:
        midnight = start + datetime.timedelta(days=day)
        for minute in range(0, 24 * 60, 4):
            moment = midnight + datetime.timedelta(minutes=minute)
            f.write(record("HKQuantityTypeIdentifierHeartRate", "count/min", moment, moment,
                           random.randint(50, 150)))
            f.write(record("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", moment,
                           moment + datetime.timedelta(minutes=4), round(random.random() * 5, 3)))
        morning = midnight + datetime.timedelta(hours=7)
        f.write(record("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms", morning,
                       morning + datetime.timedelta(minutes=1), round(random.gauss(55, 8), 2)))
        f.write(record("HKQuantityTypeIdentifierRestingHeartRate", "count/min", midnight,
                       midnight + datetime.timedelta(hours=23), random.randint(48, 60)))
        asleep = midnight - datetime.timedelta(hours=1)
        for stage in ["AsleepCore", "AsleepDeep", "AsleepREM", "Awake", "AsleepCore"]:
            end = asleep + datetime.timedelta(minutes=random.randint(20, 120))
            f.write(record("HKCategoryTypeIdentifierSleepAnalysis", "", asleep, end,
                           f"HKCategoryValueSleepAnalysis{stage}"))
            asleep = end
        day += 1
    f.write("</HealthData>\n")
