// Times the WebGL demo's own step() (github.com/PavelDoGreat/WebGL-Fluid-Simulation)
// in the configuration compared: a 256x256 velocity grid, a 512x512 dye
// grid, 20 pressure sweeps, vorticity 30, one splat per step, as
// BM_GpuStepPeerDyeGrid/256/512 times ours. Loaded by scripts/demo-step-time.sh
// after the demo's script.js, whose globals (config, canvas, gl, splat, step,
// initFramebuffers, update) it uses as they are; the demo's source is not
// changed. Each step is followed by gl.finish() and a one-pixel read-back, as
// the bench follows each of ours by glFinish(), so a step's time is the work
// it queued, done. The result goes to the page's title, where the script
// reads it from the window's name.
(function () {
    const query = new URLSearchParams(location.search);
    const steps = Math.max(10, parseInt(query.get('steps') || '200', 10));
    const warmUps = 20;

    update = function () {};  // the demo's animation loop stops here
    canvas.width = 512;       // square, so the grids are 256x256 and 512x512
    canvas.height = 512;
    config.SIM_RESOLUTION = 256;
    config.DYE_RESOLUTION = 512;
    config.PRESSURE_ITERATIONS = 20;
    config.CURL = 30;
    config.PAUSED = false;
    initFramebuffers();

    const renderer = () => {
        const info = gl.getExtension('WEBGL_debug_renderer_info');
        return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    };
    const pixel = new Uint8Array(4);
    const colour = { r: 0.3, g: 0.6, b: 1.0 };
    const oneStep = () => {
        splat(0.5, 0.5, 1000.0, 0.0, colour);
        step(1.0 / 60.0);
        gl.finish();
        gl.bindFramebuffer(gl.FRAMEBUFFER, null);
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    };
    for (let n = 0; n < warmUps; ++n) oneStep();
    const ms = [];
    for (let n = 0; n < steps; ++n) {
        const start = performance.now();
        oneStep();
        ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)];
    const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
    document.title = `demo step: median ${median.toFixed(3)} ms, mean ${mean.toFixed(3)} ms, ` +
        `${steps} steps, velocity ${velocity.width}x${velocity.height}, dye ${dye.width}x${dye.height}, ` +
        `renderer ${renderer()}`;
})();
