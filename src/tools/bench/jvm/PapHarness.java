// The JVM side of `npm run bench -- de-lohnsteuer` (issue 19: wage tax >= 1.0x the JVM anchor): the Java classes the
// PAP generator writes from the BMF's XML (tools/pap-generator/java.ts), run over the bench's own cases.
//
//   java PapHarness verify CASES N   prints the outputs of the first N cases, one case per line: name=value;...
//   java PapHarness bench CASES SECONDS
//                                    for the 2025 cases, the 2026 cases and both interleaved: a JIT warm-up, then
//                                    calculations per CPU second of the whole process (as Node's process.cpuUsage()
//                                    in the TypeScript bench: JIT and GC threads count) and per wall-clock second
//
// CASES: one case per line, "<year>\t<name>=<value>;...", every value as the TypeScript engine is given it; a name
// the year's PAP does not have is ignored (as the TypeScript engine ignores it).
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class PapHarness {
  static final class Case {
    final int year;
    final Object[] values;
    Case(int year, Object[] values) { this.year = year; this.values = values; }
  }

  static Object parse(String type, String text) {
    switch (type) {
      case "int": return Integer.valueOf(text);
      case "double": return Double.valueOf(text);
      case "long": return Long.valueOf(text);
      default: return new BigDecimal(text);
    }
  }

  static Case read(String line) throws Exception {
    String[] parts = line.split("\t", 2);
    int year = Integer.parseInt(parts[0]);
    Class<?> type = year == 2025 ? Lohnsteuer2025.class : Lohnsteuer2026.class;
    String[] inputs = year == 2025 ? Lohnsteuer2025.INPUTS : Lohnsteuer2026.INPUTS;
    Object[] values = new Object[inputs.length];
    if (parts.length > 1 && !parts[1].isEmpty()) {
      for (String pair : parts[1].split(";")) {
        String[] kv = pair.split("=", 2);
        int at = Arrays.asList(inputs).indexOf(kv[0]);
        if (at < 0) continue;
        values[at] = parse(type.getField(kv[0]).getType().getSimpleName(), kv[1]);
      }
    }
    return new Case(year, values);
  }

  static String outputs(Object pap, String[] names) throws Exception {
    StringBuilder out = new StringBuilder();
    for (String name : names) {
      Object v = pap.getClass().getField(name).get(pap);
      if (out.length() > 0) out.append(';');
      out.append(name).append('=').append(v instanceof BigDecimal ? ((BigDecimal) v).toPlainString() : String.valueOf(v));
    }
    return out.toString();
  }

  static long sink = 0;

  static void one(Case c) {
    if (c.year == 2025) {
      Lohnsteuer2025 pap = new Lohnsteuer2025();
      pap.setInputs(c.values);
      pap.MAIN();
      sink += pap.LSTLZZ.signum() == 0 ? 0 : 1;
    } else {
      Lohnsteuer2026 pap = new Lohnsteuer2026();
      pap.setInputs(c.values);
      pap.MAIN();
      sink += pap.LSTLZZ.signum() == 0 ? 0 : 1;
    }
  }

  static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  static void bench(String label, Case[] cases, double seconds) {
    // JIT warm-up: C2 compiles after some 10,000 calls of a method; a few hundred thousand cases reach steady state.
    long warm = System.nanoTime() + (long) (seconds * 1e9);
    int n = 0;
    while (System.nanoTime() < warm) for (int i = 0; i < 1000; i++, n++) one(cases[n % cases.length]);
    System.gc();
    long budget = (long) (seconds * 1e9);
    long cpu0 = processCpuNanos();
    long t0 = System.nanoTime();
    long count = 0;
    long elapsed = 0;
    while (elapsed < budget) {
      for (int i = 0; i < 1000; i++, count++) one(cases[(int) (count % cases.length)]);
      elapsed = System.nanoTime() - t0;
    }
    long cpu = processCpuNanos() - cpu0;
    System.out.println(label + "\t" + (count * 1e9 / cpu) + "\t" + (count * 1e9 / elapsed));
  }

  public static void main(String[] args) throws Exception {
    List<Case> all = new ArrayList<>();
    for (String line : Files.readAllLines(Paths.get(args[1]), StandardCharsets.UTF_8)) if (!line.isEmpty()) all.add(read(line));
    if (args[0].equals("verify")) {
      int n = Math.min(Integer.parseInt(args[2]), all.size());
      for (int i = 0; i < n; i++) {
        Case c = all.get(i);
        Object pap = c.year == 2025 ? new Lohnsteuer2025() : new Lohnsteuer2026();
        if (pap instanceof Lohnsteuer2025) { ((Lohnsteuer2025) pap).setInputs(c.values); ((Lohnsteuer2025) pap).MAIN(); }
        else { ((Lohnsteuer2026) pap).setInputs(c.values); ((Lohnsteuer2026) pap).MAIN(); }
        System.out.println(outputs(pap, c.year == 2025 ? Lohnsteuer2025.OUTPUTS : Lohnsteuer2026.OUTPUTS));
      }
      return;
    }
    double seconds = Double.parseDouble(args[2]);
    Case[] y2025 = all.stream().filter(c -> c.year == 2025).toArray(Case[]::new);
    Case[] y2026 = all.stream().filter(c -> c.year == 2026).toArray(Case[]::new);
    Case[] both = new Case[y2025.length + y2026.length];
    for (int i = 0; i < Math.min(y2025.length, y2026.length); i++) { both[2 * i] = y2025[i]; both[2 * i + 1] = y2026[i]; }
    bench("2025 mix", y2025, seconds);
    bench("2026 mix", y2026, seconds);
    bench("2025 + 2026 mix", both, seconds);
    if (sink < 0) System.out.print("");
  }
}
