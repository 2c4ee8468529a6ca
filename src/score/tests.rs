#[test]
fn tmp_debug() {
    use super::grid::Grid;
    use crate::go::Board;
    let board = Board::from_diagram("x.\nx.\nx.\noo");
    let grid = Grid::new(&board, vec![false; 8]);
    let b = super::life::debug_blocks(&grid);
    eprintln!("{b}");
}
