package dev.execd.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the results are tied to: the machine, the JDK and the commit. */
final class Machine {

	private Machine() {
	}

	static Map<String, Object> describe() throws IOException {
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("cpus", Runtime.getRuntime().availableProcessors());
		m.put("cpu_model", Files.readAllLines(Path.of("/proc/cpuinfo"))
			.stream()
			.filter((l) -> l.startsWith("model name"))
			.map((l) -> l.substring(l.indexOf(':') + 1).trim())
			.findFirst()
			.orElse("unknown"));
		long memKib = Files.readAllLines(Path.of("/proc/meminfo"))
			.stream()
			.filter((l) -> l.startsWith("MemTotal:"))
			.mapToLong((l) -> Long.parseLong(l.replaceAll("[^0-9]", "")))
			.findFirst()
			.orElse(0);
		m.put("ram_bytes", memKib * 1024);
		m.put("kernel", Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip());
		m.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
		return m;
	}

	static String loadAverage() {
		try {
			return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
		}
		catch (IOException ex) {
			return "?";
		}
	}

	/** The short commit, with {@code -dirty} when the service's sources differ from it. */
	static String commit(Path root) {
		String head = git(root, "rev-parse", "--short", "HEAD");
		if (head.isEmpty()) {
			return "unknown";
		}
		String changes = git(root, "status", "--porcelain", "--", "src", "pom.xml");
		return changes.isEmpty() ? head : head + "-dirty";
	}

	private static String git(Path root, String... args) {
		try {
			String[] command = new String[args.length + 3];
			command[0] = "git";
			command[1] = "-C";
			command[2] = root.toString();
			System.arraycopy(args, 0, command, 3, args.length);
			Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
			String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
			return (p.waitFor() == 0) ? out : "";
		}
		catch (IOException | InterruptedException ex) {
			return "";
		}
	}

}
