package dev.execd.bench;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The peer: a Jupyter Server (Debian's {@code python3-jupyter-server} with
 * {@code python3-terminado}) as a child process on a free loopback port with a random
 * token, its terminals running {@code bash --norc --noprofile -i} with {@code PS1="$ "},
 * as execd's sessions in the same rows do. Its REST calls go through the same
 * keep-alive {@link Http} client as execd's (the token in the query, which Jupyter
 * accepts as it accepts the header, so that no XSRF cookie is needed).
 */
final class Jupyter implements Closeable {

	/** What the peer's terminals run: the same command line as execd's prompt rows. */
	static final List<String> SHELL = List.of("/bin/bash", "--norc", "--noprofile", "-i");

	private final Path dir;

	private final Process process;

	final int port;

	final String token;

	private Jupyter(Path dir, Process process, int port, String token) {
		this.dir = dir;
		this.process = process;
		this.port = port;
		this.token = token;
	}

	/** Starts the server with {@code python} and waits until {@code /api/status} answers. */
	static Jupyter start(Path python) throws Exception {
		Path dir = Files.createTempDirectory("execd-bench-jupyter-");
		int port;
		try (ServerSocket probe = new ServerSocket(0)) {
			port = probe.getLocalPort();
		}
		byte[] secret = new byte[24];
		new SecureRandom().nextBytes(secret);
		String token = HexFormat.of().formatHex(secret);
		// A config file rather than options: the shell command is a list, which the
		// command line of Jupyter Server 1.x does not take.
		String config = "{\"ServerApp\": {\"token\": " + Json.quote(token) + ", \"ip\": \"127.0.0.1\", \"port\": "
				+ port + ", \"port_retries\": 0, \"open_browser\": false, \"allow_root\": true, \"root_dir\": "
				+ Json.quote(dir.toString()) + ", \"terminado_settings\": {\"shell_command\": "
				+ StartLatency.jsonArray(SHELL) + "}}}";
		Path configFile = dir.resolve("jupyter_server_config.json");
		Files.writeString(configFile, config, StandardCharsets.UTF_8);
		ProcessBuilder builder = new ProcessBuilder(python.toString(), "-m", "jupyter_server",
				"--config=" + configFile)
			.redirectErrorStream(true)
			.redirectOutput(dir.resolve("server.out").toFile())
			.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
		Map<String, String> env = builder.environment();
		// The terminals inherit the server's environment: the prompt of execd's rows.
		env.put("PS1", "$ ");
		env.put("LANG", "C.UTF-8");
		env.put("LC_ALL", "C.UTF-8");
		for (String kind : List.of("CONFIG", "DATA", "RUNTIME")) {
			env.put("JUPYTER_" + kind + "_DIR", dir.resolve(kind.toLowerCase()).toString());
		}
		Jupyter jupyter = new Jupyter(dir, builder.start(), port, token);
		try {
			Children.awaitReady(jupyter.process, dir, "Jupyter Server", () -> {
				try (Http http = jupyter.client()) {
					return http.get(jupyter.path("/api/status")).status() == 200;
				}
			}, 60);
		}
		catch (Exception ex) {
			jupyter.close();
			throw ex;
		}
		return jupyter;
	}

	/** A new keep-alive connection to the server. */
	Http client() {
		return new Http(this.port, "peer");
	}

	/** {@code path} with the token. */
	String path(String path) {
		return path + (path.contains("?") ? "&" : "?") + "token=" + this.token;
	}

	/** {@code POST /api/terminals}: a new terminal's name. */
	String create(Context ctx, Http http) throws IOException {
		Http.Response response = http.post(path("/api/terminals"), "{}");
		if (!ctx.expect(response, 200, "peer: create terminal")) {
			throw new IllegalStateException("the peer did not create a terminal");
		}
		return String.valueOf(response.json().get("name"));
	}

	/** {@code DELETE /api/terminals/<name>}. */
	void delete(Context ctx, Http http, String name) throws IOException {
		ctx.expect(http.delete(path("/api/terminals/" + name)), 204, "peer: delete terminal");
	}

	/** Opens the terminal's websocket. */
	JupyterTerminal attach(String name) throws Exception {
		return JupyterTerminal.open(this.port, name, this.token);
	}

	long pid() {
		return this.process.pid();
	}

	/** Stops the server with SIGTERM (it ends its terminals), then removes its files. */
	@Override
	public void close() {
		Children.stop(this.process, this.dir, 30);
	}

}
