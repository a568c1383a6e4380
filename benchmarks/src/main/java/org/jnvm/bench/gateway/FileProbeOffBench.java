package org.jnvm.bench.gateway;

import org.jnvm.bench.support.Gateway;
import org.openjdk.jmh.annotations.Fork;

/** {@link FileProbeBench} without the heap-file probe: its baseline, in the same run. */
@Fork(
    value = 2,
    jvmArgsAppend = {
      Gateway.ADD_OPENS,
      Gateway.MISC_TO_ALL,
      Gateway.ADD_EXPORTS,
      Gateway.MISC_TO_ALL,
      "-Djnvm.checks.file=false"
    })
public class FileProbeOffBench extends FileProbeBench {}
